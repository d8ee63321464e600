// GET and POST /media/properties/:id: additional properties of an item (a JSON object).
import type { Subscription } from '@airwave/bus';
import { forbidden, media } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { MediaContext } from '../context';
import { canEdit, loadVisible } from '../shared/visibility';
import { setProperties } from './queries';
import { propertiesJson } from './rules';

export function bindProperties({ db, bus }: MediaContext): Promise<Subscription[]> {
  return Promise.all([
    bindOperation(bus, media.propertiesGet, async ({ id }, { principal }) => (await loadVisible(db, id, principal)).properties ?? {}),
    bindOperation(bus, media.propertiesSet, async ({ id, properties }, { principal }) => {
      const row = await loadVisible(db, id, principal);
      if (!canEdit(principal, row)) throw forbidden(`You may not edit media item ${id}.`);
      await setProperties(db, id, propertiesJson(properties));
      return null;
    }),
  ]);
}
