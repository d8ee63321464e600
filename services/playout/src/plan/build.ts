// A player's rundown as the engine's Plan (pure): every item at its absolute instant, a hard start
// at the start of each show (whatever airs then ends), the playlist's crossfades, default-playlist
// blocks as `fallback`, line-in as `live`; then the alerts in force spliced in (alerts.ts). Only
// items with a local file air; one without (not fetched) leaves its time to the fallback.
import type { PlayoutRundownBlock as RundownBlock, RundownItem } from '@airwave/contracts';
import type { Plan, PlannedItem, PlannedVoice } from '../engine/plan';
import { spliceAlerts, type AlertPlay } from './alerts';
import { gainFor } from './loudness';

export interface PlanInput {
  player_id: number;
  blocks: RundownBlock[];
  alerts: AlertPlay[];
  /** Local paths of the media items fetched so far, by media id. */
  files: ReadonlyMap<number, string>;
  /** Items ending at or before this instant (Unix ms) are left out. */
  from: number;
  /** The player's loudness target, LUFS: each analysed item airs at it (loudness.ts); absent, items air at their own level. */
  loudnessTarget?: number;
}

const AIRED_TYPES = new Set<RundownItem['type']>(['audio', 'video', 'linein']);

/** The voice aired over an item starting at `start` (Unix ms), when its file is here. */
function plannedVoice(item: RundownItem, start: number, files: PlanInput['files']): PlannedVoice | undefined {
  const voice = item.voiceover;
  const path = voice ? files.get(voice.media_id) : undefined;
  if (!voice || path === undefined) return undefined;
  const downAt = start + Math.round(voice.voicetrack_offset * 1000);
  return {
    media_id: voice.media_id,
    path,
    title: voice.title,
    artist: voice.artist,
    start: downAt + Math.round(voice.voicetrack_fadeout_before * 1000),
    duration: Math.round(voice.duration * 1000),
    duck: { down_at: downAt, down_s: voice.voicetrack_fadeout_before, level: voice.voicetrack_volume, up_s: voice.voicetrack_fadein_after },
  };
}

/** One item of a block at its instant, or null when it does not air (image, breakpoint, no file). */
function plannedItem(block: RundownBlock, blockStart: number, item: RundownItem, first: boolean, files: PlanInput['files'], target?: number): PlannedItem | null {
  if (!AIRED_TYPES.has(item.type)) return null;
  const live = item.type === 'linein';
  const path = item.media_id === null ? undefined : files.get(item.media_id);
  if (!live && path === undefined) return null;
  const start = blockStart + Math.round(item.offset * 1000);
  const voiceover = live ? undefined : plannedVoice(item, start, files);
  return {
    key: `${blockStart}:${block.show_id}:${item.order}`,
    kind: live ? 'live' : 'file',
    ...(path === undefined ? {} : { path }),
    media_id: item.media_id,
    title: item.title,
    artist: item.artist,
    start,
    duration: Math.round(item.duration * 1000),
    cue_in: item.cue_in ?? 0,
    gain_db: target === undefined ? 0 : gainFor(item.loudness, target),
    crossfade: item.crossfade,
    ...(item.segue ? { segue: true } : {}),
    // A show starts on the second whatever came before it; the fill follows what ends.
    hard: first && block.kind !== 'default_playlist',
    context: block.kind === 'default_playlist' ? 'fallback' : 'show',
    show_id: block.show_id,
    show_name: block.name,
    // a live show's own source password; without it the harbor takes the player's
    ...(live && block.source_password ? { password: block.source_password } : {}),
    ...(voiceover ? { voiceover } : {}),
  };
}

/** The items of the blocks in time order, without those that end by `from`. */
export function blockItems(blocks: RundownBlock[], files: PlanInput['files'], from: number, target?: number): PlannedItem[] {
  const items: PlannedItem[] = [];
  for (const block of blocks) {
    const blockStart = Date.parse(block.start);
    const blockEnd = Date.parse(block.end);
    block.items.forEach((item, index) => {
      const planned = plannedItem(block, blockStart, item, index === 0, files, target);
      if (!planned) return;
      // Cut to the block: a show's time is the show's (the rundown cuts too; this guards rounding).
      planned.duration = Math.max(0, Math.min(planned.duration, blockEnd - planned.start));
      if (planned.duration > 0 && planned.start + planned.duration > from) items.push(planned);
    });
  }
  return items.sort((a, b) => a.start - b.start);
}

/** The fallback: the first default-playlist block's items (the engine loops them when nothing is planned). */
function fallbackOf(blocks: RundownBlock[], files: PlanInput['files'], target?: number): PlannedItem[] {
  const block = blocks.find((b) => b.kind === 'default_playlist' && b.items.length > 0);
  if (!block) return [];
  const start = Date.parse(block.start);
  return block.items.map((item, i) => plannedItem(block, start, item, i === 0, files, target)).filter((item): item is PlannedItem => item !== null && item.kind === 'file');
}

export function buildPlan(input: PlanInput): Plan {
  const items = spliceAlerts(blockItems(input.blocks, input.files, input.from, input.loudnessTarget), input.alerts);
  return { player_id: input.player_id, items, fallback: fallbackOf(input.blocks, input.files, input.loudnessTarget) };
}

/**
 * The plan an engine starts with at `now` (a start, a takeover, a restart): the item on air is
 * made to start now, hard, at its offset (cue-in advanced by the time it has aired), so the
 * player resumes where the rundown is rather than from the item's beginning.
 */
export function resumeAt(plan: Plan, now: number): Plan {
  const items = plan.items.flatMap((item) => {
    if (item.start + item.duration <= now) return [];
    if (item.start >= now) return [item];
    const elapsed = now - item.start;
    return [{ ...item, start: now, duration: item.duration - elapsed, cue_in: item.cue_in + elapsed / 1000, hard: true }];
  });
  return { ...plan, items };
}

/** The item on air at `now` in a plan (the last one started), or undefined. */
export const onAirAt = (plan: Plan, now: number): PlannedItem | undefined => plan.items.findLast((item) => item.start <= now && now < item.start + item.duration);

/** Whether `resumed` is `item` as resumeAt made it start later: the same item and end, cue-in advanced by as much. */
function isResumed(resumed: PlannedItem, item: PlannedItem): boolean {
  const later = resumed.start - item.start;
  return (
    resumed.key === item.key &&
    resumed.media_id === item.media_id &&
    resumed.path === item.path &&
    later > 0 &&
    resumed.start + resumed.duration === item.start + item.duration &&
    Math.abs(resumed.cue_in - item.cue_in - later / 1000) < 0.001
  );
}

/**
 * A new plan replacing `before` at `now`: when the item on air is gone from the new plan (a hard
 * change: the show on air was moved, replaced or deleted), what the new plan has at `now` starts
 * at once, at its offset; otherwise the change takes effect at the next item boundary. An item
 * resumed at its offset before (a start, a takeover, a restart) stays resumed while the new plan
 * has it unchanged, so rebuilding an unchanged rundown tells the engine nothing new.
 */
export function replacing(before: Plan | null, next: Plan, now: number): Plan {
  const current = before ? onAirAt(before, now) : undefined;
  if (current && !next.items.some((item) => item.key === current.key && item.media_id === current.media_id)) return resumeAt(next, now);
  const resumed = new Map((before?.items ?? []).map((item) => [item.key, item]));
  return {
    ...next,
    items: next.items.map((item) => {
      const earlier = resumed.get(item.key);
      return earlier && isResumed(earlier, item) ? earlier : item;
    }),
  };
}
