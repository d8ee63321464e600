// Uninstalling (routes, handlers and permissions go; the data stays) and purging (the data goes
// too).
import { permissionsInternal } from '@airwave/contracts';
import { dropSchema } from '@airwave/db';
import { actorOf, callOperation, moduleSchema, type CallContext } from '@airwave/service-kit';
import type { ModulesContext } from '../context';
import { locked, removeInstalled } from './queries';

/** Uninstalls a module; false when it was not installed. */
export async function uninstall({ db, bus, logger, events, catalog, live }: ModulesContext, name: string, call: CallContext): Promise<boolean> {
  const module = catalog.find(name);
  const removed = await locked(db, name, async (trx) => {
    const version = await removeInstalled(trx, name);
    if (version !== undefined) await events.record(trx, 'modules.module.uninstalled', { name, version }, actorOf(call));
    return version !== undefined;
  });
  if (removed) {
    events.kick();
    await live.deactivate(name);
    await callOperation(bus, permissionsInternal.unregister, { module: module.name }, { within: call });
    logger.info({ ...call.trace, module: name }, 'Module uninstalled');
  }
  return removed;
}

/** Uninstalls a module if it is installed, then drops its schema `module_<name>`. */
export async function purge(ctx: ModulesContext, name: string, call: CallContext): Promise<void> {
  const { db, database, logger, events, catalog } = ctx;
  catalog.find(name);
  await uninstall(ctx, name, call);
  await dropSchema(database, moduleSchema(name));
  await locked(db, name, (trx) => events.record(trx, 'modules.module.purged', { name }, actorOf(call)));
  events.kick();
  logger.info({ ...call.trace, module: name }, 'Module purged');
}
