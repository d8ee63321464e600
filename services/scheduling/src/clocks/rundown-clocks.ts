// The rundown's clock blocks (issue 45, docs/decisions/clocks.md, "In the rundown"): each part of a
// grid hour that no show takes, filled from its clock in time order, every pick made against what
// aired and what the other clock hours plan (past-and-planned.ts). A block that still answers for
// its inputs (the clock, its categories, the rules, its span, dayparting) is kept as it is, so the
// same rundown is answered again and an edit to one clock re-resolves only its hours ahead; the
// history of picks is read only when some block must be resolved.
import type { ClockRules, ClockSlot as SlotOut, RundownItem } from '@airwave/contracts';
import type { CachedBlock } from '../rundown/cache';
import { startOfLocalDay, startOfNextLocalDay } from '../rundown/midnights';
import type { RundownPlayer } from '../rundown/player';
import type { Resolved, Sources } from '../rundown/resolve';
import type { SchedulingDB } from '../schema';
import { categoryIdsOf, clockOfRow, tightened, withCategoryNames } from './answer';
import { fillHour, type HourItem } from './clock-hour';
import type { RundownFormat } from './format-load';
import type { Play } from './history';
import type { ClockSpan } from './hours';
import { loadLibrary, songOf, type Library } from './library';
import { pastAndPlanned, type PastAndPlanned } from './past-and-planned';
import { pinsOf, type ClockRow, type Pin } from './store';

export type ClockResolved = Resolved & { clockId: number; warnings: string[]; plays: Play[] };

export interface ClockRundown {
  db: SchedulingDB;
  sources: Sources;
  player: RundownPlayer;
  now: number;
  range: { start: number; end: number };
  format: RundownFormat;
  /** The dayparting filter sets in force at an instant. */
  excludedAt: (instant: number) => unknown[][];
  digest: (value: unknown) => string;
  /** The cached block that still answers for these inputs, if any (rundown.ts's). */
  served: (key: { start: number; kind: string; showId: number }, inputs: string) => CachedBlock | undefined;
  /** Resolves and stores a block (rundown.ts's throughCache). */
  resolve: (key: { start: number; kind: string; showId: number }, inputs: string, fresh: () => Promise<Resolved>, endOf: (r: Resolved) => number) => Promise<CachedBlock>;
  /** The cached block at a start, served or not. */
  cached: (start: number) => CachedBlock | undefined;
}

const MINUTE = 60_000;
const KEY = { kind: 'clock', showId: 0 };

export const clockRules = (format: RundownFormat, clock: ClockRow) => tightened(format.rules, clock.rules as ClockRules);
const rulesFor = (rundown: ClockRundown, clock: ClockRow) => clockRules(rundown.format, clock);

/** The longest separation any clock's rules keep: how far ahead planned plays are read. */
export function separationMs(format: RundownFormat): number {
  const longest = (c: ClockRow) => {
    const r = clockRules(format, c);
    return Math.max(r.artist_minutes, r.title_minutes, r.album_minutes);
  };
  return Math.max(0, ...[...format.clocks.values()].map(longest)) * MINUTE;
}

/** Where each span's block may run to: the next span or show (a long hour that keeps its last song runs into the default fill). */
function limits(spans: readonly ClockSpan[], shows: readonly { start: number }[], rangeEnd: number): number[] {
  const starts = [...spans.map((s) => s.start), ...shows.map((s) => s.start)].sort((a, b) => a - b);
  // a show's hours never run past the show
  return spans.map((span) => (span.show ? span.end : Math.min(rangeEnd, starts.find((s) => s >= span.end) ?? rangeEnd)));
}

function inputsOf(rundown: ClockRundown, span: ClockSpan, limit: number, pins: ReadonlyMap<number, Pin> | undefined) {
  const clock = rundown.format.clocks.get(span.clockId)!;
  const named = categoryIdsOf(clock.slots as SlotOut[], clock.fill_category_id);
  const categories = rundown.format.categories.filter((c) => named.includes(c.id));
  const { id, name, description, target_seconds, fill_category_id, overrun, slots } = clock;
  return rundown.digest(['clock', { id, name, description, target_seconds, fill_category_id, overrun, slots }, rulesFor(rundown, clock), categories.map((c) => [c.id, c.source]), span, limit, rundown.excludedAt(span.start), rundown.player.airing, rundown.player.seedPlayerId, [...(pins ?? [])]]);
}

/** Every clock span's block, in time order. */
export async function clockBlocks(rundown: ClockRundown, spans: readonly ClockSpan[], shows: readonly { start: number }[]): Promise<CachedBlock[]> {
  const ends = limits(spans, shows, rundown.range.end);
  const pins = await pinsOf(rundown.db, rundown.player.id, rundown.range.start, rundown.range.end);
  let context: Promise<Context> | undefined;
  const out: CachedBlock[] = [];
  for (const [i, span] of spans.entries()) {
    const inputs = inputsOf(rundown, span, ends[i]!, pins.get(span.start));
    const key = { start: span.start, ...KEY, showId: span.show?.id ?? 0 };
    const hit = rundown.served(key, inputs);
    if (hit) {
      out.push(hit);
      continue;
    }
    context ??= loadContext(rundown);
    const { libraryAt, past } = await context;
    const library = await libraryAt(span.start);
    // the block it replaces no longer plans its plays
    for (const play of past.byBlock.get(span.start) ?? []) past.history.remove(play);
    let made: ClockResolved | undefined;
    const block = await rundown.resolve(key, inputs, async () => (made = fillSpan(rundown, span, library, past, pins.get(span.start))), (r) => blockEnd(span.start, r.duration, ends[i]!));
    const plays = made?.plays ?? [];
    past.byBlock.set(span.start, plays);
    out.push(block);
  }
  return out;
}

/** Where a clock block ends: where its items end (on the last whole second before, when short), at most its limit. */
function blockEnd(start: number, seconds: number, limit: number): number {
  const natural = start + Math.round(seconds * 1000);
  if (natural >= limit) return limit;
  const whole = Math.floor(natural / 1000) * 1000;
  return whole > start ? whole : start;
}

interface Context {
  past: PastAndPlanned;
  /** The library as dayparting leaves it at an instant (asked once for each set of restrictions in force). */
  libraryAt: (instant: number) => Promise<Library>;
}

async function loadContext(rundown: ClockRundown): Promise<Context> {
  const { player, format } = rundown;
  const fixed = [...format.clocks.values()].flatMap((c) => (c.slots as SlotOut[]).flatMap((s) => (s.kind === 'fixed' ? [s.media_id] : [])));
  const libraries = new Map<string, Promise<Library>>();
  const libraryAt = (instant: number) => {
    const excluded = rundown.excludedAt(instant);
    const key = JSON.stringify(excluded);
    if (!libraries.has(key)) {
      const question = { support: { audio: player.airing.support.audio, video: player.airing.support.video }, excluded_by: excluded, cues: player.airing.cues };
      libraries.set(key, loadLibrary(rundown.sources, format.categories, [...fixed, ...player.airing.stationIds], question, String(player.seedPlayerId)));
    }
    return libraries.get(key)!;
  };
  const first = await libraryAt(rundown.range.start);
  const albumOf = (id: number) => first.songs.get(id)?.album ?? '';
  const past = await pastAndPlanned(rundown.db, player.id, rundown.range, separationMs(rundown.format), rundown.now, albumOf);
  return { past, libraryAt };
}

/** One span of an hour filled from its clock; its songs join the history. */
function fillSpan(rundown: ClockRundown, span: ClockSpan, library: Library, past: PastAndPlanned, pins: ReadonlyMap<number, Pin> | undefined): ClockResolved {
  const row = rundown.format.clocks.get(span.clockId)!;
  const { clock, warnings } = clockOfRow(row, library.fixed);
  const zone = rundown.player.zone;
  const day = { start: startOfLocalDay(span.hourStart, zone), end: startOfNextLocalDay(span.hourStart, zone) };
  const stationIds = rundown.player.airing.stationIds.flatMap((id) => (library.fixed.has(id) ? [library.fixed.get(id)!] : []));
  const from = (span.start - span.hourStart) / 1000;
  // a pinned song no longer in the library (archived, gone from its category) is not aired
  const pinned = new Map([...(pins ?? [])].flatMap(([pick, pin]) => (library.songs.has(pin.mediaId) ? [[pick, { song: songOf(library.songs.get(pin.mediaId)!), replaced: pin.replaced }] as const] : [])));
  const hour = fillHour({ pinned, clock, start: span.hourStart, day, categories: library.rotations, stationIds, rules: rulesFor(rundown, row), from, until: (span.end - span.hourStart) / 1000 }, past.history);
  const items = hour.items.flatMap((item, order) => itemOut(item, order, from, library, row.id));
  const last = items.at(-1);
  const drawsOn = categoryIdsOf(row.slots as SlotOut[], row.fill_category_id);
  const gone = library.gone.filter((g) => drawsOn.includes(g.categoryId)).map((g) => g.text);
  return {
    name: span.show?.name || row.name,
    description: row.description || 'Clock',
    playlistId: null,
    items: items.map((item, order) => ({ ...item, order })),
    duration: last ? last.offset + last.duration : 0,
    clockId: row.id,
    warnings: [...gone, ...warnings, ...hour.warnings.map(withCategoryNames(rundown.format.categories))],
    plays: hour.items.flatMap((i) => (i.play ? [i.play] : [])),
  };
}

function itemOut(item: HourItem, order: number, from: number, library: Library, clockId: number): RundownItem[] {
  const offset = Math.max(0, Math.round((item.offset - from) * 1000) / 1000);
  const duration = Math.round(item.duration * 1000) / 1000;
  if (item.kind === 'breakpoint') return [{ order, media_id: null, type: 'breakpoint', title: 'Breakpoint', artist: '', offset, duration: 0, crossfade: 0 }];
  const song = item.song!;
  const facts = library.songs.get(song.id);
  const sound = item.kind === 'song' && facts ? { ...(facts.cue_in ? { cue_in: facts.cue_in } : {}), ...(facts.loudness ? { loudness: facts.loudness } : {}) } : {};
  const rotation = item.kind === 'song' ? { rotation: { clock_id: clockId, slot: item.slot + 1, category_id: item.category === null ? null : Number(item.category), relaxed: item.relaxed, broken: item.broken, pick: item.pick ?? 0, ...(item.replaced ? { replaced: true } : {}) } } : {};
  return [{ order, media_id: song.id, type: facts?.type ?? 'audio', title: song.title, artist: song.artist, offset, duration, crossfade: 0, ...sound, ...rotation }];
}
