// The media service asked over the bus what shows air: media summaries and playlist summaries with
// their length (never the media service's tables).
import { mediaInternal, playlistChecks } from '@airwave/contracts';
import { callOperation, type AuthenticatedContext } from '@airwave/service-kit';
import type { SchedulingContext } from '../context';
import type { AskItems } from './show-content';

export const askItemsOver = (bus: SchedulingContext['bus'], call: AuthenticatedContext): AskItems => ({
  media: (ids) => callOperation(bus, mediaInternal.summaries, { ids }, { principal: call.principal, within: call }),
  // The schedule is read by every user: a playlist a show airs is named whoever may use it.
  playlists: (ids) => callOperation(bus, playlistChecks.summaries, { ids, user: null, with_duration: true }, { within: call }),
});
