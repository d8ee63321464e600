// The permission catalogue: listed for administrators, extended and shrunk by the modules service
// as modules are installed and uninstalled. Every cached principal is rebuilt after a change
// (admins hold everything).
import { permissionsInternal, usersMore } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { AccountContext } from '../shared/context';
import { catalogue, registerModulePermissions, unregisterModulePermissions } from './queries';

export function bindPermissions({ db, bus, refreshAllProfiles }: AccountContext) {
  return Promise.all([
    bindOperation(bus, usersMore.permissionList, () => catalogue(db)),
    bindOperation(bus, permissionsInternal.register, async ({ module, permissions }) => {
      await registerModulePermissions(db, module, permissions);
      await refreshAllProfiles();
      return null;
    }),
    bindOperation(bus, permissionsInternal.unregister, async ({ module }) => {
      await unregisterModulePermissions(db, module);
      await refreshAllProfiles();
      return null;
    }),
  ]);
}
