// GET /media/analysis/:id: how an item's file sounds (issue 44), for whoever may see the item; PUT
// sets its cue points, for whoever may edit it (cue-edits.ts). GET /media/analysis: the library's
// progress; GET /media/loudness: a page of items' loudness and true peak, for the library's columns.
import type { Subscription } from '@airwave/bus';
import { forbidden, media } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { MediaContext } from '../context';
import { canEdit, loadVisible, visibleTo } from '../shared/visibility';
import { setCues } from './cue-edits';
import { analysisOf, analysisProgress, loudnessList } from './queries';

export function bindAnalysis({ db, bus, events }: MediaContext): Promise<Subscription[]> {
  return Promise.all([
    bindOperation(bus, media.analysisGet, async ({ id }, { principal }) => {
      const item = await loadVisible(db, id, principal);
      return analysisOf(db, item.id, item.file_id);
    }),
    bindOperation(bus, media.analysisProgress, async () => analysisProgress(db)),
    bindOperation(bus, media.loudnessList, async ({ ids }, { principal }) => loudnessList(db, ids, (eb) => visibleTo(eb, principal))),
    bindOperation(bus, media.analysisCuesSet, async (input, { principal }) => {
      const item = await loadVisible(db, input.id, principal);
      if (!canEdit(principal, item)) throw forbidden('You may not edit this item.');
      const answer = await setCues(db, events, item, input, principal);
      events.kick();
      return answer;
    }),
  ]);
}
