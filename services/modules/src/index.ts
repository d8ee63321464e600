// The modules service: discovers modules, installs, uninstalls and purges them, and runs the bus
// handlers of installed modules. Install state lives in schema `modules` and is announced on the
// bus, so every replica (and every gateway) follows it.
//
//   catalog/        the modules on disk, and the listing of installed and available ones
//   lifecycle/      install, uninstall and purge
//   live/           the installed modules' handlers bound by this replica
//   announcements/  following other replicas' installs and uninstalls
//
// Shared: context.ts, schema.ts, migrations.ts.
import { bindHealth, type ServiceDefinition } from '@airwave/service-kit';
import { followAnnouncements } from './announcements/follow';
import { discoverCatalog } from './catalog/discovery';
import { bindCatalog } from './catalog/handlers';
import type { ModulesContext } from './context';
import { bindLifecycle } from './lifecycle/handlers';
import { liveModules } from './live/live-modules';
import { modulesMigrations } from './migrations';
import type { ModulesDB } from './schema';

export const modulesService: ServiceDefinition = {
  name: 'modules',
  schema: 'modules',
  migrations: modulesMigrations,
  async start({ db: anyDb, database, bus, logger, env, events }) {
    const db = anyDb as ModulesDB;
    const catalog = await discoverCatalog(env.MODULES_DIR, logger);
    const live = liveModules({ db, database, bus, logger, events, discovered: catalog.modules });
    await live.sync();
    const ctx: ModulesContext = { db, database, bus, logger, events, catalog, live };

    const subscriptions = (await Promise.all([bindHealth(bus, 'modules', database), bindCatalog(ctx), bindLifecycle(ctx)])).flat();
    const follow = await followAnnouncements(ctx);

    return {
      async stop() {
        await follow.unsubscribe();
        await Promise.all(subscriptions.map((s) => s.unsubscribe()));
        await live.deactivateAll();
      },
    };
  },
};
