// The modules service: discovers modules, installs, uninstalls and purges them, and runs the bus
// handlers of installed modules. Install state lives in schema `modules` and is announced on the
// bus, so every replica (and every gateway) follows it.
//
//   catalog/        the modules on disk, and the listing of installed and available ones
//   lifecycle/      install, uninstall and purge
//   live/           the installed modules' handlers bound by this replica
//   announcements/  following other replicas' installs and uninstalls
//   webhooks/       events POSTed, signed, to registered URLs, with retries and a delivery log
//
// Shared: config.ts, context.ts, schema.ts, migrations.ts.
import { bindHealth, loadSecretBox, type ServiceDefinition } from '@airwave/service-kit';
import { followAnnouncements } from './announcements/follow';
import { discoverCatalog } from './catalog/discovery';
import { bindCatalog } from './catalog/handlers';
import { readModulesEnv } from './config';
import type { ModulesContext, WebhookSettings } from './context';
import { bindLifecycle } from './lifecycle/handlers';
import { liveModules } from './live/live-modules';
import { modulesMigrations } from './migrations';
import type { ModulesDB } from './schema';
import { startWebhooks } from './webhooks/start';

export { modulesConfig } from './config';

function webhookSettings(config: ReturnType<typeof readModulesEnv>): WebhookSettings {
  return {
    allowHttp: config.WEBHOOK_ALLOW_HTTP,
    timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
    firstRetryMs: config.WEBHOOK_FIRST_RETRY_SECONDS * 1000,
    windowMs: config.WEBHOOK_RETRY_HOURS * 3600 * 1000,
    logDays: config.WEBHOOK_LOG_DAYS,
  };
}

export const modulesService: ServiceDefinition = {
  name: 'modules',
  schema: 'modules',
  migrations: modulesMigrations,
  async start({ db: anyDb, database, bus, logger, env, embedded, events }) {
    const db = anyDb as ModulesDB;
    const config = readModulesEnv(env);
    const secrets = await loadSecretBox(
      { configured: config.AIRWAVE_ENCRYPTION_KEY, embedded, dataDir: config.DATA_DIR, sealing: 'webhook signing secrets', without: 'webhooks are unavailable (set it on the modules service)' },
      logger,
    );
    const catalog = await discoverCatalog(env.MODULES_DIR, logger);
    const live = liveModules({ db, database, bus, logger, events, discovered: catalog.modules });
    await live.sync();
    const ctx: ModulesContext = { db, database, bus, logger, events, catalog, live, secrets, webhookSettings: webhookSettings(config), dispatcher: null };

    const subscriptions = (await Promise.all([bindHealth(bus, 'modules', database), bindCatalog(ctx), bindLifecycle(ctx), startWebhooks(ctx)])).flat();
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
