// Install, uninstall and purge (permission manage_modules). Every success asks the client to
// refresh: menus are rebuilt from the new permissions.
import { conflict, modules } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { ModulesContext } from '../context';
import { install } from './install';
import { refreshRequired } from './rules';
import { purge, uninstall } from './uninstall';

export function bindLifecycle(ctx: ModulesContext) {
  const { bus } = ctx;
  return Promise.all([
    bindOperation(bus, modules.install, ({ name }, call) => install(ctx, name, call)),
    bindOperation(bus, modules.uninstall, async ({ name }, call) => {
      if (!(await uninstall(ctx, name, call))) throw conflict(`Module "${name}" is not installed.`);
      return refreshRequired(name);
    }),
    bindOperation(bus, modules.purge, async ({ name }, call) => {
      await purge(ctx, name, call);
      return refreshRequired(name);
    }),
  ]);
}
