// GET /media/analysis/:id: how an item's file sounds (issue 44), for whoever may see the item.
import type { Subscription } from '@airwave/bus';
import { media } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { MediaContext } from '../context';
import { loadVisible } from '../shared/visibility';
import { analysisOf } from './queries';

export function bindAnalysis({ db, bus }: MediaContext): Promise<Subscription[]> {
  return Promise.all([
    bindOperation(bus, media.analysisGet, async ({ id }, { principal }) => {
      const item = await loadVisible(db, id, principal);
      return analysisOf(db, item.id, item.file_id);
    }),
  ]);
}
