// The media service asked over the bus what shows air: media summaries and playlist summaries with
// their length (never the media service's tables); clocks, the service's own, read here.
import { mediaInternal, playlistChecks } from '@airwave/contracts';
import { callOperation, type AuthenticatedContext } from '@airwave/service-kit';
import type { SchedulingContext } from '../context';
import type { AskItems } from './show-content';
import type { SchedulingDB } from '../schema';
import { clocksByIds } from '../clocks/store';

export const askItemsOver = (bus: SchedulingContext['bus'], call: AuthenticatedContext, db?: SchedulingDB): AskItems => ({
  media: (ids) => callOperation(bus, mediaInternal.summaries, { ids }, { principal: call.principal, within: call }),
  // The schedule is read by every user: a playlist a show airs is named whoever may use it.
  playlists: (ids) => callOperation(bus, playlistChecks.summaries, { ids, user: null, with_duration: true }, { within: call }),
  // clocks are the service's own (issue 45): a clock show is named by its clock, its hour long
  ...(db ? { clocks: async (ids: number[]) => (await clocksByIds(db, ids)).map((c) => ({ id: c.id, name: c.name, duration: c.target_seconds })) } : {}),
});
