// The rundown's clock blocks (issue 45, docs/decisions/clocks.md, "In the rundown"): each part of a
// grid hour that no show takes, filled from its clock in time order, every pick made against what
// aired and what the other clock hours plan (past-and-planned.ts). A block that still answers for
// its inputs (the clock, its categories, the rules, its span, dayparting) is kept as it is, so the
// same rundown is answered again and an edit to one clock re-resolves only its hours ahead; the
// history of picks is read only when some block must be resolved.
import type { ClockRules, RundownItem } from '@airwave/contracts';
import type { CachedBlock } from '../rundown/cache';
import { startOfLocalDay, startOfNextLocalDay } from '../rundown/midnights';
import type { RundownPlayer } from '../rundown/player';
import type { Resolved, Sources } from '../rundown/resolve';
import type { SchedulingDB } from '../schema';
import { clockOfRow, tightened } from './answer';
import { fillHour, type HourItem } from './clock-hour';
import type { RundownFormat } from './format-load';
import type { Play } from './history';
import type { ClockSpan } from './hours';
import { loadLibrary, type Library } from './library';
import { pastAndPlanned, type PastAndPlanned } from './past-and-planned';
import type { ClockRow } from './store';

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

const rulesFor = (rundown: ClockRundown, clock: ClockRow) => tightened(rundown.format.rules, clock.rules as ClockRules);

/** The longest separation any clock's rules keep: how far ahead planned plays are read. */
const reach = (rundown: ClockRundown) => Math.max(0, ...[...rundown.format.clocks.values()].map((c) => { const r = rulesFor(rundown, c); return Math.max(r.artist_minutes, r.title_minutes, r.album_minutes); })) * MINUTE;

/** Where each span's block may run to: the next span or show (a long hour that keeps its last song runs into the default fill). */
function limits(spans: readonly ClockSpan[], shows: readonly { start: number }[], rangeEnd: number): number[] {
  const starts = [...spans.map((s) => s.start), ...shows.map((s) => s.start)].sort((a, b) => a - b);
  return spans.map((span) => Math.min(rangeEnd, starts.find((s) => s >= span.end) ?? rangeEnd));
}

function inputsOf(rundown: ClockRundown, span: ClockSpan, limit: number) {
  const clock = rundown.format.clocks.get(span.clockId)!;
  const categories = rundown.format.categories.filter((c) => clock && (clock.fill_category_id === c.id || JSON.stringify(clock.slots).includes(`"category_id":${c.id}`)));
  const { id, name, description, target_seconds, fill_category_id, overrun, slots } = clock;
  return rundown.digest(['clock', { id, name, description, target_seconds, fill_category_id, overrun, slots }, rulesFor(rundown, clock), categories.map((c) => [c.id, c.source]), span, limit, rundown.excludedAt(span.start), rundown.player.airing, rundown.player.seedPlayerId]);
}

/** Every clock span's block, in time order. */
export async function clockBlocks(rundown: ClockRundown, spans: readonly ClockSpan[], shows: readonly { start: number }[]): Promise<CachedBlock[]> {
  const ends = limits(spans, shows, rundown.range.end);
  let context: Promise<{ library: Library; past: PastAndPlanned }> | undefined;
  const out: CachedBlock[] = [];
  for (const [i, span] of spans.entries()) {
    const inputs = inputsOf(rundown, span, ends[i]!);
    const key = { start: span.start, ...KEY };
    const hit = rundown.served(key, inputs);
    if (hit) {
      out.push(hit);
      continue;
    }
    context ??= loadContext(rundown);
    const { library, past } = await context;
    // the block it replaces no longer plans its plays
    for (const play of past.byBlock.get(span.start) ?? []) past.history.remove(play);
    let made: ClockResolved | undefined;
    const block = await rundown.resolve(key, inputs, async () => (made = fillSpan(rundown, span, library, past)), (r) => blockEnd(span.start, r.duration, ends[i]!));
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

async function loadContext(rundown: ClockRundown) {
  const { player, format } = rundown;
  const fixed = [...format.clocks.values()].flatMap((c) => (c.slots as { kind: string; media_id?: number }[]).flatMap((s) => (s.kind === 'fixed' && s.media_id ? [s.media_id] : [])));
  const question = { support: { audio: player.airing.support.audio, video: player.airing.support.video }, excluded_by: rundown.excludedAt(rundown.range.start), cues: player.airing.cues };
  const library = await loadLibrary(rundown.sources, format.categories, [...fixed, ...player.airing.stationIds], question, String(player.seedPlayerId));
  const albumOf = (id: number) => library.songs.get(id)?.album ?? '';
  const past = await pastAndPlanned(rundown.db, player.id, rundown.range, reach(rundown), rundown.now, albumOf);
  return { library, past };
}

/** One span of an hour filled from its clock; its songs join the history. */
function fillSpan(rundown: ClockRundown, span: ClockSpan, library: Library, past: PastAndPlanned): ClockResolved {
  const row = rundown.format.clocks.get(span.clockId)!;
  const { clock, warnings } = clockOfRow(row, library.fixed);
  const zone = rundown.player.zone;
  const day = { start: startOfLocalDay(span.hourStart, zone), end: startOfNextLocalDay(span.hourStart, zone) };
  const stationIds = rundown.player.airing.stationIds.flatMap((id) => (library.fixed.has(id) ? [library.fixed.get(id)!] : []));
  const from = (span.start - span.hourStart) / 1000;
  const hour = fillHour({ clock, start: span.hourStart, day, categories: library.rotations, stationIds, rules: rulesFor(rundown, row), from, until: (span.end - span.hourStart) / 1000 }, past.history);
  const items = hour.items.flatMap((item, order) => itemOut(item, order, from, library, row.id));
  const last = items.at(-1);
  const names = new Map(rundown.format.categories.map((c) => [String(c.id), c.name]));
  const named = (text: string) => text.replace(/the category “(\d+)”/g, (whole, id: string) => (names.has(id) ? `the category “${names.get(id)}”` : whole));
  const gone = library.gone.filter((g) => rundown.format.categories.some((c) => g.includes(`“${c.name}”`) && (row.fill_category_id === c.id || JSON.stringify(row.slots).includes(`"category_id":${c.id}`))));
  return {
    name: row.name,
    description: row.description || 'Clock',
    playlistId: null,
    items: items.map((item, order) => ({ ...item, order })),
    duration: last ? last.offset + last.duration : 0,
    clockId: row.id,
    warnings: [...gone, ...warnings, ...hour.warnings.map(named)],
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
  const rotation = item.kind === 'song' ? { rotation: { clock_id: clockId, slot: item.slot + 1, category_id: item.category === null ? null : Number(item.category), relaxed: item.relaxed, broken: item.broken } } : {};
  return [{ order, media_id: song.id, type: facts?.type ?? 'audio', title: song.title, artist: song.artist, offset, duration, crossfade: 0, ...sound, ...rotation }];
}
