// A song of a clock hour, by hand (issue 45): the songs that could air in its place (its category's,
// keeping every rotation rule there against what aired and what is planned on both sides of it,
// least recently played first), and replacing it with one of them, pinned by its pick so the hour
// keeps it when resolved again (clock_pins; rundown-clocks.ts airs it).
import { badRequest, notFound, type RundownBlock, type RundownItem, type TimeValue } from '@airwave/contracts';
import type { CallContext } from '@airwave/service-kit';
import { DateTime } from 'luxon';
import type { SchedulingContext } from '../context';
import { listRestrictions } from '../dayparting/queries';
import { restrictionActive } from '../dayparting/rules';
import { startOfLocalDay, startOfNextLocalDay } from '../rundown/midnights';
import { loadRundownPlayer, type RundownPlayer } from '../rundown/player';
import { rundownOf } from '../rundown/rundown';
import { batchedBusSources } from '../rundown/sources';
import { isoInZone } from '../schedule/recurrence';
import { resolveTime } from '../schedule/times';
import { loadFormat } from './format-load';
import type { Song } from './history';
import { loadLibrary } from './library';
import { pastAndPlanned } from './past-and-planned';
import { brokenRules } from './rotation';
import { clockRules, separationMs } from './rundown-clocks';
import { pinSong } from './store';

const MAX_ALTERNATIVES = 50;

interface Spot {
  id: number;
  start: TimeValue;
  order: number;
}

/** The player, the clock block at `start` (resolved if it was not) and the song at `order` in it. */
async function songAt(context: SchedulingContext, spot: Spot, call: CallContext) {
  const player = await loadRundownPlayer(context.db, spot.id);
  if (!player) throw notFound('No such player.');
  const start = resolveTime(spot.start, player.zone);
  const now = Date.now();
  const blocks = await rundownOf(context.db, batchedBusSources(context.bus, call), player, { start, end: start + 1 }, now, context.logger);
  const block = blocks.find((b) => b.kind === 'clock' && Date.parse(b.start) === start);
  if (!block) throw notFound('No clock block starts then.');
  const item = block.items.find((i) => i.order === spot.order);
  if (!item?.rotation || item.media_id === null) throw badRequest('That item is not a song a clock chose.');
  const at = start + Math.round(item.offset * 1000);
  if (at <= now) throw badRequest('That song has begun: only what is still ahead can be replaced.');
  return { player, start, block, item: item as RundownItem & { media_id: number; rotation: NonNullable<RundownItem['rotation']> }, at, now };
}

/** The songs of the item's category that keep every rule at its place, least recently played first. */
async function alternativesAt(context: SchedulingContext, found: Awaited<ReturnType<typeof songAt>>, call: CallContext): Promise<{ song: Song; last: number }[]> {
  const { player, start, item, at, now } = found;
  // the clock may be a show's rather than the grid's
  const format = await loadFormat(context.db, player.schedulePlayerId, [item.rotation.clock_id]);
  const clock = format?.clocks.get(item.rotation.clock_id);
  const category = format?.categories.find((c) => c.id === item.rotation.category_id);
  if (!format || !clock || !category) throw badRequest('The clock or category of that song is no longer in the player’s format.');
  const library = await loadLibrary(batchedBusSources(context.bus, call), [category], [], await songQuestion(context, player, at), String(player.seedPlayerId));
  const day = { start: startOfLocalDay(at, player.zone), end: startOfNextLocalDay(at, player.zone) };
  const past = await pastAndPlanned(context.db, player.id, day, separationMs(format), now, (id) => library.songs.get(id)?.album ?? '');
  // the song being replaced is not there to keep clear of
  for (const play of past.byBlock.get(start) ?? []) if (play.at === at && play.song.id === item.media_id) past.history.remove(play);
  const rules = clockRules(format, clock);
  const spot = { at, category: String(category.id), day };
  const out: { song: Song; last: number }[] = [];
  for (const song of library.rotations.get(String(category.id))!.candidates(at, past.history)) {
    if (song.id !== item.media_id && brokenRules(song, spot, past.history, rules).length === 0) out.push({ song, last: past.history.songs.lastBefore(String(song.id), at) });
    if (out.length >= MAX_ALTERNATIVES) break;
  }
  return out;
}

async function songQuestion({ db }: SchedulingContext, player: RundownPlayer, at: number) {
  const moment = DateTime.fromMillis(at, { zone: player.zone });
  const excluded = (await listRestrictions(db)).filter((r) => restrictionActive(r, moment)).map((r) => r.filters as unknown[]);
  return { support: { audio: player.airing.support.audio, video: player.airing.support.video }, excluded_by: excluded, cues: player.airing.cues };
}

export async function rundownAlternatives(context: SchedulingContext, spot: Spot, call: CallContext) {
  const songs = await alternativesAt(context, await songAt(context, spot, call), call);
  return { songs: songs.map(({ song, last }) => ({ id: song.id, title: song.title, artist: song.artist, album: song.album, duration: song.duration, last_played: Number.isFinite(last) ? new Date(last).toISOString() : null })) };
}

export async function replaceSong(context: SchedulingContext, spot: Spot & { media_id: number }, call: CallContext): Promise<RundownBlock> {
  const found = await songAt(context, spot, call);
  const offered = await alternativesAt(context, found, call);
  if (!offered.some((o) => o.song.id === spot.media_id)) throw badRequest(`Media item ${spot.media_id} is not a song of the category that keeps the rules there (GET …/rundown/alternatives).`);
  const { player, start, block } = found;
  const before = block.items.flatMap((i) => (i.rotation && i.media_id !== null ? [{ pick: i.rotation.pick, media_id: i.media_id }] : []));
  await pinSong(context.db, { player_id: player.id, block_start: new Date(start), pick: found.item.rotation.pick, media_id: spot.media_id }, before);
  const blocks = await rundownOf(context.db, batchedBusSources(context.bus, call), player, { start, end: start + 1 }, Date.now(), context.logger);
  const now = blocks.find((b) => b.kind === 'clock' && Date.parse(b.start) === start)!;
  await context.db.transaction().execute(async (trx) => {
    const end = Math.max(Date.parse(block.end), Date.parse(now.end));
    await context.events.record(trx, 'scheduling.rundown.changed', { player_id: player.id, start: isoInZone(start, player.zone), end: isoInZone(end, player.zone) }, null);
  });
  context.events.kick();
  return now;
}
