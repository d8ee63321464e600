// The modules service: discovers modules, installs, uninstalls and purges them, and runs the bus
// handlers of installed modules. Install state lives in schema `modules` and is announced on the
// bus, so every replica (and every gateway) follows it.
import { basename } from 'node:path';
import type { Subscription } from '@airwave/bus';
import { badRequest, conflict, modules, notFound, permissionsInternal } from '@airwave/contracts';
import { dropSchema, migrateSchema } from '@airwave/db';
import {
  bindHealth,
  bindOperation,
  callOperation,
  discoverModules,
  moduleSchema,
  modulesDirs,
  type CallContext,
  type DiscoveredModule,
  type ServiceDefinition,
} from '@airwave/service-kit';
import { sql, type ColumnType, type Kysely } from 'kysely';

interface ModulesSchema {
  installed: {
    name: string;
    version: string;
    /** 'installing' while migrations run (a claim other replicas respect), then 'installed'. */
    state: 'installing' | 'installed';
    installed_at: ColumnType<Date, Date | undefined, Date>;
  };
}

const STALE_CLAIM_MS = 5 * 60 * 1000;

export const modulesService: ServiceDefinition = {
  name: 'modules',
  schema: 'modules',
  migrations: {
    '0001_installed': {
      async up(db) {
        await db.schema
          .createTable('installed')
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('version', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull().defaultTo('installed'))
          .addColumn('installed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .execute();
      },
    },
  },
  async start({ db: anyDb, database, bus, logger, env, events }) {
    const db = anyDb as Kysely<ModulesSchema>;
    const discovered = await discoverModules(modulesDirs(env.MODULES_DIR));
    for (const module of discovered.values()) {
      if (module.error) logger.warn({ module: module.name, error: module.error }, 'Module cannot be installed');
    }
    /** Handlers of installed modules bound by this replica. */
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
    /** Brings this replica's handlers in line with the install table. */
    const sync = async () => {
      const installed = new Set((await db.selectFrom('installed').select('name').where('state', '=', 'installed').execute()).map((r) => r.name));
      for (const name of [...live.keys()]) if (!installed.has(name)) await deactivate(name);
      for (const name of installed) {
        const module = discovered.get(name);
        if (module) await activate(module);
        else logger.error({ module: name }, 'An installed module is missing from MODULES_DIR');
      }
    };
    await sync();

    const find = (name: string) => {
      const module = discovered.get(name);
      if (!module) throw notFound(`No module named "${name}".`);
      return module;
    };

    // Install changes are serialized per module name across replicas.
    const locked = <T>(name: string, work: (trx: Kysely<ModulesSchema>) => Promise<T>) =>
      db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`airwave-module:${name}`}))`.execute(trx);
        return work(trx);
      });

    const info = (module: DiscoveredModule, installedAt: Date | null, version?: string) => ({
      name: module.name,
      dir: basename(module.dir),
      version: version ?? module.manifest?.version ?? '0.0.0',
      description: module.manifest?.description ?? '',
      permissions: module.manifest?.permissions.map((p) => p.name) ?? [],
      installed_at: installedAt?.toISOString() ?? null,
      error: module.error,
    });

    async function uninstall(name: string, call: CallContext): Promise<boolean> {
      const { principal } = call;
      const module = find(name);
      const removed = await locked(name, async (trx) => {
        const row = await trx.deleteFrom('installed').where('name', '=', name).where('state', '=', 'installed').returning(['version']).executeTakeFirst();
        if (row) await events.record(trx, 'modules.module.uninstalled', { name, version: row.version }, principal);
        return row !== undefined;
      });
      if (removed) {
        events.kick();
        await deactivate(name);
        await callOperation(bus, permissionsInternal.unregister, { module: module.name }, { within: call });
        logger.info({ ...call.trace, module: name }, 'Module uninstalled');
      }
      return removed;
    }

    const subscriptions = await Promise.all([
      bindHealth(bus, 'modules', database),
      bindOperation(bus, modules.active, async () =>
        (await db.selectFrom('installed').select('name').where('state', '=', 'installed').orderBy('name').execute()).map((r) => r.name),
      ),
      bindOperation(bus, modules.list, async () => {
        const rows = await db.selectFrom('installed').selectAll().where('state', '=', 'installed').orderBy('name').execute();
        const installedNames = new Set(rows.map((r) => r.name));
        return {
          installed: rows.filter((r) => discovered.has(r.name)).map((r) => info(discovered.get(r.name)!, r.installed_at, r.version)),
          available: [...discovered.values()].filter((m) => !installedNames.has(m.name)).sort((a, b) => a.name.localeCompare(b.name)).map((m) => info(m, null)),
        };
      }),
      bindOperation(bus, modules.install, async ({ name }, call) => {
        const { principal, trace } = call;
        const module = find(name);
        if (module.error || !module.manifest || !module.definition) throw badRequest(`Module "${name}" cannot be installed: ${module.error}`);
        const manifest = module.manifest;
        const definition = module.definition;
        // 1. Claim the name (short transaction), so a concurrent install elsewhere gets 409.
        await locked(name, async (trx) => {
          const existing = await trx.selectFrom('installed').select(['state', 'installed_at']).where('name', '=', name).executeTakeFirst();
          if (existing?.state === 'installed') throw conflict(`Module "${name}" is already installed.`);
          if (existing && Date.now() - existing.installed_at.getTime() < STALE_CLAIM_MS) throw conflict(`Module "${name}" is being installed.`);
          await trx.deleteFrom('installed').where('name', '=', name).execute();
          await trx.insertInto('installed').values({ name, version: manifest.version, state: 'installing', installed_at: new Date() }).execute();
        });
        const release = () => db.deleteFrom('installed').where('name', '=', name).where('state', '=', 'installing').execute();
        // 2. Migrations, all in one transaction: a failure leaves nothing applied.
        const schema = moduleSchema(name);
        const schemaExisted =
          (await sql<{ n: number }>`select count(*)::int as n from information_schema.schemata where schema_name = ${schema}`.execute(db)).rows[0]!.n > 0;
        try {
          await migrateSchema(database, schema, definition.migrations);
        } catch (error) {
          if (!schemaExisted) await dropSchema(database, schema).catch(() => undefined);
          await release();
          throw badRequest(`Module "${name}" could not be installed: ${(error as Error).message}`);
        }
        // 3. Permissions, then 4. the install itself with its event.
        try {
          await callOperation(bus, permissionsInternal.register, { module: name, permissions: manifest.permissions }, { within: call });
          await locked(name, async (trx) => {
            await trx.updateTable('installed').set({ state: 'installed', installed_at: new Date() }).where('name', '=', name).execute();
            await events.record(trx, 'modules.module.installed', { name, version: manifest.version }, principal);
          });
        } catch (error) {
          await release();
          await callOperation(bus, permissionsInternal.unregister, { module: name }, { within: call }).catch(() => undefined);
          throw error;
        }
        events.kick();
        await activate(module);
        logger.info({ ...trace, module: name, version: manifest.version }, 'Module installed');
        return { name, refresh_required: true as const };
      }),
      bindOperation(bus, modules.uninstall, async ({ name }, call) => {
        if (!(await uninstall(name, call))) throw conflict(`Module "${name}" is not installed.`);
        return { name, refresh_required: true as const };
      }),
      bindOperation(bus, modules.purge, async ({ name }, call) => {
        const { principal, trace } = call;
        find(name);
        await uninstall(name, call);
        await dropSchema(database, moduleSchema(name));
        await locked(name, (trx) => events.record(trx, 'modules.module.purged', { name }, principal));
        events.kick();
        logger.info({ ...trace, module: name }, 'Module purged');
        return { name, refresh_required: true as const };
      }),
    ]);

    // Other replicas install and uninstall too: follow their announcements.
    const follow = await bus.subscribe('modules.module.*', () => sync().catch((error: unknown) => logger.error({ err: error }, 'Module sync failed')));

    return {
      async stop() {
        await follow.unsubscribe();
        await Promise.all(subscriptions.map((s) => s.unsubscribe()));
        for (const name of [...live.keys()]) await deactivate(name);
      },
    };
  },
};

