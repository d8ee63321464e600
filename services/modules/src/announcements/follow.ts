// Other replicas install and uninstall too: follow their announcements (modules.module.installed,
// .uninstalled, .purged) and bring this replica's handlers in line.
import type { Subscription } from '@airwave/bus';
import type { ModulesContext } from '../context';

export function followAnnouncements({ bus, logger, live }: ModulesContext): Promise<Subscription> {
  return bus.subscribe('modules.module.*', () => live.sync().catch((error: unknown) => logger.error({ err: error }, 'Module sync failed')));
}
