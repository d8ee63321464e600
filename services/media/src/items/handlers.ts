// Media items: PUT /media (create or update a batch, all or none) and GET /media/:id.
import type { Subscription } from '@airwave/bus';
import { media } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { MediaContext } from '../context';
import { itemOut } from '../shared/item-row';
import { loadVisible } from '../shared/visibility';
import { saveItems } from './save';

export function bindItems(ctx: MediaContext): Promise<Subscription[]> {
  const { db, bus, events } = ctx;
  return Promise.all([
    bindOperation(bus, media.save, async ({ media: items }, { principal }) => {
      const saved = await saveItems(ctx, items, principal);
      events.kick();
      ctx.analysis.kick();
      return saved;
    }),
    bindOperation(bus, media.get, async ({ id }, { principal }) => itemOut(await loadVisible(db, id, principal), principal)),
  ]);
}
