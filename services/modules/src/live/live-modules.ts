// The handlers of installed modules that this replica has bound, kept in line with the install
// table (which other replicas change too).
import type { Bus, Subscription } from '@airwave/bus';
import type { Database } from '@airwave/db';
import type { Logger } from '@airwave/logging';
import { moduleSchema, type DiscoveredModule, type ServiceEvents } from '@airwave/service-kit';
import type { ModulesDB } from '../schema';

export interface LiveModules {
  /** Binds a module's handlers, unless this replica already has. */
  activate(module: DiscoveredModule): Promise<void>;
  /** Unbinds a module's handlers. */
  deactivate(name: string): Promise<void>;
  /** Brings this replica's handlers in line with the install table. */
  sync(): Promise<void>;
  /** Unbinds every module's handlers (at stop). */
  deactivateAll(): Promise<void>;
}

interface LiveDeps {
  db: ModulesDB;
  database: Database;
  bus: Bus;
  logger: Logger;
  events: ServiceEvents;
  discovered: Map<string, DiscoveredModule>;
}

export function liveModules({ db, database, bus, logger, events, discovered }: LiveDeps): LiveModules {
  const live = new Map<string, Subscription[]>();

  const activate = async (module: DiscoveredModule) => {
    if (live.has(module.name) || !module.definition) return;
    live.set(module.name, []);
    const subscriptions = await module.definition.bind({
      db: database.forSchema(moduleSchema(module.name)),
      bus,
      logger: logger.child({ module: module.name }),
      events,
    });
    live.set(module.name, subscriptions);
  };
  const deactivate = async (name: string) => {
    const subscriptions = live.get(name);
    live.delete(name);
    await Promise.all((subscriptions ?? []).map((s) => s.unsubscribe()));
  };
  const sync = async () => {
    const installed = new Set((await db.selectFrom('installed').select('name').where('state', '=', 'installed').execute()).map((r) => r.name));
    for (const name of [...live.keys()]) if (!installed.has(name)) await deactivate(name);
    for (const name of installed) {
      const module = discovered.get(name);
      if (module) await activate(module);
      else logger.error({ module: name }, 'An installed module is missing from MODULES_DIR');
    }
  };
  const deactivateAll = async () => {
    for (const name of [...live.keys()]) await deactivate(name);
  };
  return { activate, deactivate, sync, deactivateAll };
}
