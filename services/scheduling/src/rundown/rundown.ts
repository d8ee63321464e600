// A player's rundown in a window (docs/decisions/rundown.md): its shows where the schedule puts
// them, the gaps filled with default-playlist blocks, every block resolved through the cache, up
// to RESOLVE_CONCURRENCY of them at once.
import { createHash } from 'node:crypto';
import type { RundownBlock } from '@airwave/contracts';
import type { Logger } from '@airwave/logging';
import { DateTime } from 'luxon';
import { listRestrictions } from '../dayparting/queries';
import { restrictionActive, type RestrictionRow } from '../dayparting/rules';
import type { SchedulingDB } from '../schema';
import { isoInZone } from '../schedule/recurrence';
import { blockEnd, layOut, MAX_FILL_BLOCKS, overlaps, type Span } from './blocks';
import { Ahead } from './ahead';
import { batched } from './batch';
import { cachedBlocks, storeBlocks, type CachedBlock } from './cache';
import { limiter, type Limit } from './limit';
import { localMidnights, startOfLocalDay, startOfNextLocalDay } from './midnights';
import type { RundownPlayer } from './player';
import { cutItems, resolveLinein, resolveMediaShow, resolvePlaylistBlock, type MediaFacts, type PlaylistQuestion, type Resolved, type Sources } from './resolve';
import { MIN_FILL_SECONDS, repeatedToLength } from './repeat';
import { plannedShows, type PlannedShow } from './shows';
import { loadFormat } from '../clocks/format-load';
import { clockSpans, gridHours, showHours } from '../clocks/hours';
import { clockBlocks } from '../clocks/rundown-clocks';

interface State {
  db: SchedulingDB;
  sources: Sources;
  player: RundownPlayer;
  now: number;
  cache: Map<number, CachedBlock>;
  restrictions: RestrictionRow[];
  /** Resolutions in flight at once (asked of the media service in batches, batch.ts). */
  limit: Limit;
  /** Stores a resolved block (those resolved together in one statement). */
  store: (block: CachedBlock) => Promise<void>;
  /** The items of the rundown's media shows, asked once, when the first of them is resolved (a warm rundown asks nothing). */
  mediaOfShows: () => Promise<Map<number, MediaFacts>>;
  /** Default blocks asked ahead (ahead.ts), up to the window's end. */
  ahead: Ahead;
  fillUntil: number;
  /** The stores under way, awaited before the rundown answers (a block does not wait for its own). */
  stores: Promise<void>[];
}

/** Asks `ask` once, on first use. */
function once<T>(ask: () => Promise<T>): () => Promise<T> {
  let answer: Promise<T> | undefined;
  return () => (answer ??= ask());
}

/** How many blocks a rundown resolves at once: they are independent, save the default blocks of one gap. */
export const RESOLVE_CONCURRENCY = 32;

/** Blocks stored by one statement (14 parameters a row). */
const STORE_AT_ONCE = 500;

const batchedStore = (db: SchedulingDB, playerId: number) =>
  batched(async (blocks: CachedBlock[]) => {
    await storeBlocks(db, playerId, blocks);
    return blocks.map(() => undefined);
  }, STORE_AT_ONCE);

/**
 * The rules a block is resolved by, in every block's digest: when they change, the cached blocks
 * not yet begun are resolved again. 2: a voicetrack rides on the item it airs over (issue 43).
 * 3: analysed audio airs from its cue-in to its cue-out, the next item over its tail (issue 44).
 */
const RESOLUTION_RULES = 3;

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify([RESOLUTION_RULES, value])).digest('base64url');

/** The filters of the dayparting restrictions in force at an instant in the player's zone. */
const excludedAt = (state: State, instant: number) => state.restrictions.filter((r) => restrictionActive(r, DateTime.fromMillis(instant, { zone: state.player.zone }))).map((r) => r.filters);

/**
 * A block's resolution: the cached one when it still holds (or has begun: what has begun is never
 * resolved again), else a new one, stored. `last_updated` moves only when what it answers changes.
 */
type Key = { start: number; kind: string; showId: number };

/** The cached block that still answers for `key` (see throughCache), if any. */
function served(state: State, key: Key, inputs: string): CachedBlock | undefined {
  const cached = state.cache.get(key.start);
  const same = cached !== undefined && cached.kind === key.kind && cached.showId === key.showId;
  return same && (key.start <= state.now || (!cached.stale && cached.inputs === inputs)) ? cached : undefined;
}

async function throughCache(state: State, key: Key, inputs: string, fresh: () => Promise<Resolved>, endOf: (r: Resolved) => number): Promise<CachedBlock> {
  const hit = served(state, key, inputs);
  if (hit) return hit;
  const cached = state.cache.get(key.start);
  const same = cached !== undefined && cached.kind === key.kind && cached.showId === key.showId;
  return state.limit(async () => {
    const resolved = await fresh();
    const unchanged = same && JSON.stringify([cached.name, cached.description, cached.items]) === JSON.stringify([resolved.name, resolved.description, resolved.items]);
    const lastUpdated = unchanged ? cached.lastUpdated : Math.max(Math.floor(state.now / 1000), (cached?.lastUpdated ?? 0) + 1);
    const block: CachedBlock = { ...key, end: endOf(resolved), inputs, ...resolved, lastUpdated, stale: false };
    const stored = state.store(block);
    stored.catch(() => undefined); // seen when the rundown awaits its stores
    state.stores.push(stored);
    state.cache.set(key.start, block);
    return block;
  });
}

function blockOut(state: State, block: CachedBlock, span: Span, originalStart: number | null): RundownBlock {
  const zone = state.player.zone;
  const clock = block.kind === 'clock' ? { clock_id: block.clockId ?? 0, warnings: block.warnings ?? [] } : {};
  return {
    start: isoInZone(span.start, zone),
    end: isoInZone(span.end, zone),
    kind: block.kind as RundownBlock['kind'],
    show_id: block.showId,
    occurrence_start: originalStart === null ? null : isoInZone(originalStart, zone),
    playlist_id: block.playlistId,
    name: block.name,
    description: block.description,
    last_updated: block.lastUpdated,
    items: cutItems(block.items, (span.end - span.start) / 1000),
    ...clock,
  };
}

async function showBlock(state: State, show: PlannedShow): Promise<RundownBlock> {
  const { player, sources } = state;
  const lengthS = (show.end - show.start) / 1000;
  const kind = show.itemType === 'live' ? 'linein' : 'show';
  const excludedBy = show.itemType === 'playlist' ? excludedAt(state, show.start) : [];
  const seed = `${player.seedPlayerId}:${show.start}`;
  const inputs = digest([kind, show.itemType, show.itemId, lengthS, player.airing, seed, excludedBy, show.timeslotName, show.showName]);
  // Named as the station named it: the show's own name, else its timeslot's (as OB), else what it airs.
  const name = show.showName || show.timeslotName;
  const fresh = async (): Promise<Resolved> => {
    const resolved =
      show.itemType === 'live'
        ? resolveLinein(lengthS)
        : show.itemType === 'media'
          ? resolveMediaShow((await state.mediaOfShows()).get(show.itemId) ?? null, player.airing, show.itemId, lengthS)
          : await resolvePlaylistBlock(sources, player.airing, { playlistId: show.itemId, seed, maxS: lengthS, excludedBy, dropBreakpoints: false });
    return name ? { ...resolved, name } : resolved;
  };
  const block = await throughCache(state, { start: show.start, kind, showId: show.showId }, inputs, fresh, () => show.end);
  return blockOut(state, block, show, show.originalStart);
}

const DEFAULT_KEY = { kind: 'default_playlist', showId: 0 };

/** The question of a default block at `start` that may last `maxMs`, and the digest of its inputs (with the repetition rule it is made by). */
function defaultQuestion(state: State, playlistId: number, start: number, maxMs: number) {
  const question = { playlistId, seed: `${state.player.seedPlayerId}:${start}`, maxS: maxMs / 1000, excludedBy: excludedAt(state, start), dropBreakpoints: true };
  return { question, inputs: digest(['default_playlist', question, state.player.airing, { repeatedTo: MIN_FILL_SECONDS }]) };
}

/** A default block's items: the playlist resolved, repeated up to MIN_FILL_SECONDS when shorter (repeat.ts). */
async function askDefault(state: State, question: PlaylistQuestion): Promise<Resolved> {
  const resolved = await resolvePlaylistBlock(state.sources, state.player.airing, question);
  return { ...repeatedToLength(resolved, MIN_FILL_SECONDS, question.maxS), description: 'Default Playlist' };
}

/** A default block not guessed: asked, and with it (the same batch) the blocks guessed to follow it (ahead.ts). */
function askWithGuesses(state: State, playlistId: number, start: number, segmentEnd: number, question: PlaylistQuestion): Promise<Resolved> {
  const answer = askDefault(state, question);
  for (const guess of state.ahead.plan(start, segmentEnd, state.fillUntil)) {
    const next = defaultQuestion(state, playlistId, guess, segmentEnd - guess);
    if (!served(state, { start: guess, ...DEFAULT_KEY }, next.inputs)) state.ahead.guess(segmentEnd, { start: guess, inputs: next.inputs, ask: () => askDefault(state, next.question) });
  }
  return answer;
}

/**
 * Resolves the default block at `start` (at most `maxMs` long); answers its natural length in
 * whole ms (blocks.ts makes it end on a whole second, as its stored `end` does).
 */
async function defaultBlock(state: State, start: number, maxMs: number): Promise<number> {
  const playlistId = state.player.defaultPlaylistId;
  if (playlistId === null) return 0;
  const { question, inputs } = defaultQuestion(state, playlistId, start, maxMs);
  const segmentEnd = start + maxMs;
  const natural = (r: Resolved) => Math.round(r.duration * 1000);
  const fresh = () => state.ahead.take(start, inputs) ?? askWithGuesses(state, playlistId, start, segmentEnd, question);
  const block = await throughCache(state, { start, ...DEFAULT_KEY }, inputs, fresh, (r) => blockEnd(start, natural(r), segmentEnd));
  state.ahead.lasted(segmentEnd, blockEnd(start, natural(block), segmentEnd) - start);
  return natural(block);
}

/**
 * The rest of a gap the fill could not reach (a day's MAX_FILL_BLOCKS spent, or a block under a
 * second): answered as a default block without items, named for what it is, so the rundown still
 * covers every moment and the station sees it (the player airs its fallback there).
 */
function unfilledBlock(state: State, span: Span): RundownBlock {
  const zone = state.player.zone;
  const description = `Default Playlist not filled here: more than ${MAX_FILL_BLOCKS} blocks in a day, or a block shorter than a second`;
  return { start: isoInZone(span.start, zone), end: isoInZone(span.end, zone), kind: 'default_playlist', show_id: 0, occurrence_start: null, playlist_id: state.player.defaultPlaylistId, name: 'Not filled', description, last_updated: 0, items: [] };
}

/**
 * The clock blocks of the range (issue 45): the parts of the player's grid hours no show takes, and
 * the hours of its shows that air a clock, resolved in time order before the default fill (which
 * fills what they leave). Each with the occurrence it airs for, if a show's.
 */
async function clockHours(state: State, range: Span, shows: readonly PlannedShow[]): Promise<{ block: CachedBlock; originalStart: number | null }[]> {
  const clockShows = shows.filter((s) => s.itemType === 'clock');
  const format = await loadFormat(state.db, state.player.schedulePlayerId, clockShows.map((s) => s.itemId));
  if (!format) return [];
  const zone = state.player.zone;
  const ofShows = clockShows.flatMap((s) => showHours({ start: s.start, end: s.end, clockId: s.itemId, show: { id: s.showId, originalStart: s.originalStart, name: s.showName || s.timeslotName } }, zone));
  // a clock deleted while a show still named it airs nothing there: the default playlist fills it
  const spans = [...clockSpans(gridHours(format.grid, range.start, range.end, zone), shows), ...ofShows].filter((s) => format.clocks.has(s.clockId)).sort((a, b) => a.start - b.start);
  const rundown = {
    ...state,
    range,
    format,
    excludedAt: (instant: number) => excludedAt(state, instant) as unknown[][],
    digest,
    served: (key: Key, inputs: string) => served(state, key, inputs),
    resolve: (key: Key, inputs: string, fresh: () => Promise<Resolved>, endOf: (r: Resolved) => number) => throughCache(state, key, inputs, fresh, endOf),
    cached: (start: number) => state.cache.get(start),
  };
  const blocks = await clockBlocks(rundown, spans, shows.filter((s) => s.itemType !== 'clock'));
  // a part of an hour under a second long airs nothing
  return blocks.flatMap((block, i) => (block.end > block.start ? [{ block, originalStart: spans[i]!.show?.originalStart ?? null }] : []));
}

/** Where a rundown says what it could not fill. */
export type RundownLog = Pick<Logger, 'warn'>;

/** What the player airs in the window: every block overlapping it, in time order. */
export async function rundownOf(db: SchedulingDB, sources: Sources, player: RundownPlayer, window: Span, now: number, log?: RundownLog): Promise<RundownBlock[]> {
  const zone = player.zone;
  const dayEnd = startOfLocalDay(window.end, zone);
  const range = { start: startOfLocalDay(window.start, zone), end: dayEnd === window.end ? dayEnd : startOfNextLocalDay(window.end, zone) };
  const shows = (await plannedShows(db, player.schedulePlayerId, range)).filter((s) => s.itemType !== 'live' || player.airing.support.linein);
  const cacheFrom = Math.min(range.start, ...shows.map((s) => s.start));
  const mediaIds = [...new Set(shows.filter((s) => s.itemType === 'media').map((s) => s.itemId))];
  const mediaOfShows = once(() => sources.media(mediaIds));
  const state: State = { db, sources, player, now, cache: await cachedBlocks(db, player.id, cacheFrom, range.end), restrictions: await listRestrictions(db), limit: limiter(RESOLVE_CONCURRENCY), store: batchedStore(db, player.id), mediaOfShows, ahead: new Ahead(), fillUntil: window.end, stores: [] };
  const clocked = await clockHours(state, range, shows);
  const others = shows.filter((s) => s.itemType !== 'clock');
  // The shows and the gaps' fill are resolved at the same time (the fill does not depend on them).
  const [layout, showBlocks] = await Promise.all([
    layOut([...others, ...clocked.map((c) => c.block)], range, localMidnights(range.start, range.end, zone), window, (start, maxMs) => defaultBlock(state, start, maxMs)),
    Promise.all(others.filter((show) => overlaps(show, window)).map(async (show) => ({ start: show.start, block: await showBlock(state, show) }))),
  ]);
  await Promise.all(state.stores);
  if (layout.unfilled.length) {
    const spans = layout.unfilled.map((span) => ({ start: new Date(span.start).toISOString(), end: new Date(span.end).toISOString() }));
    log?.warn({ playerId: player.id, unfilled: spans, maxFillBlocks: MAX_FILL_BLOCKS }, 'Rundown: part of a gap is not filled by the default playlist');
  }
  const blocks = [
    ...showBlocks,
    ...clocked.filter((c) => overlaps(c.block, window)).map(({ block, originalStart }) => ({ start: block.start, block: blockOut(state, block, block, originalStart) })),
    ...layout.fills.map((span) => ({ start: span.start, block: blockOut(state, state.cache.get(span.start)!, span, null) })),
    ...layout.unfilled.map((span) => ({ start: span.start, block: unfilledBlock(state, span) })),
  ];
  return blocks.sort((a, b) => a.start - b.start).map((b) => b.block);
}
