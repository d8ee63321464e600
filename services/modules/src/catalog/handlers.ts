// What is installed and what could be: the gateway asks for the active names, administrators for
// the listing.
import { modules } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { ModulesContext } from '../context';
import { installedNames, installedRows } from './queries';
import { moduleListing } from './rules';

export function bindCatalog({ db, bus, catalog }: ModulesContext) {
  return Promise.all([
    bindOperation(bus, modules.active, () => installedNames(db)),
    bindOperation(bus, modules.list, async () => moduleListing(catalog.modules, await installedRows(db))),
  ]);
}
