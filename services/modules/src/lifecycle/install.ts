// Installing a module, in four steps, so that in every error case the module stays as it was: its
// migrations roll back, a schema that did not exist before is dropped, its permissions are not
// registered (docs/modules.md).
import { badRequest, conflict, permissionsInternal } from '@airwave/contracts';
import { dropSchema, migrateSchema } from '@airwave/db';
import { actorOf, callOperation, moduleSchema, type CallContext } from '@airwave/service-kit';
import type { ModulesContext } from '../context';
import { claim, installRow, locked, markInstalled, release, schemaExists } from './queries';
import { claimRefusal, isInstallable, refreshRequired, type InstallableModule } from './rules';

export async function install(ctx: ModulesContext, name: string, call: CallContext) {
  const { bus, logger, events, catalog, live } = ctx;
  const module = catalog.find(name);
  if (!isInstallable(module)) throw badRequest(`Module "${name}" cannot be installed: ${module.error}`);
  const version = module.manifest.version;
  await claimName(ctx, name, version);
  await migrate(ctx, module);
  // 3. Permissions, then 4. the install itself with its event.
  try {
    await callOperation(bus, permissionsInternal.register, { module: name, permissions: module.manifest.permissions }, { within: call });
    await locked(ctx.db, name, async (trx) => {
      await markInstalled(trx, name);
      await events.record(trx, 'modules.module.installed', { name, version }, actorOf(call));
    });
  } catch (error) {
    await release(ctx.db, name);
    await callOperation(bus, permissionsInternal.unregister, { module: name }, { within: call }).catch(() => undefined);
    throw error;
  }
  events.kick();
  await live.activate(module);
  logger.info({ ...call.trace, module: name, version }, 'Module installed');
  return refreshRequired(name);
}

/** 1. Claim the name (short transaction), so a concurrent install elsewhere gets 409. */
async function claimName({ db }: ModulesContext, name: string, version: string): Promise<void> {
  await locked(db, name, async (trx) => {
    const refusal = claimRefusal(name, await installRow(trx, name), Date.now());
    if (refusal) throw conflict(refusal);
    await claim(trx, name, version);
  });
}

/** 2. Migrations, all in one transaction: a failure leaves nothing applied. */
async function migrate({ db, database }: ModulesContext, module: InstallableModule): Promise<void> {
  const schema = moduleSchema(module.name);
  const schemaExisted = await schemaExists(db, schema);
  try {
    await migrateSchema(database, schema, module.definition.migrations);
  } catch (error) {
    if (!schemaExisted) await dropSchema(database, schema).catch(() => undefined);
    await release(db, module.name);
    throw badRequest(`Module "${module.name}" could not be installed: ${(error as Error).message}`);
  }
}
