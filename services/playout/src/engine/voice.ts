// The voice deck's items (docs/playout-engine.md, "Voicetracks"): a voicetrack airs over the item it
// belongs to, on a deck of its own mixed over main, main ducked under it. Each main item with a
// voiceover gives the voice the part of its time that the item still sounds: a voice never outlives
// its music (cut by a hard start, an alert, a plan change), and the piece of an item resumed after
// an alert resumes its voice at its offset.
import type { Duck, PlannedItem } from './plan';

/** The voices over main's items, given where each of those stops sounding (`endAts`, by index). */
export function voiceItems(main: readonly PlannedItem[], endAts: readonly number[]): PlannedItem[] {
  return main.flatMap((item, index) => {
    const voice = item.voiceover;
    if (!voice) return [];
    const start = Math.max(voice.start, item.start);
    const end = Math.min(voice.start + voice.duration, endAts[index]!);
    if (end <= start) return [];
    return [
      {
        key: `${item.key}:voice`,
        kind: 'file' as const,
        path: voice.path,
        media_id: voice.media_id,
        title: voice.title,
        artist: voice.artist,
        start,
        duration: end - start,
        cue_in: (start - voice.start) / 1000,
        gain_db: 0,
        crossfade: 0,
        hard: false,
        context: item.context,
        show_id: item.show_id,
        show_name: item.show_name,
        duck: voice.duck,
      },
    ];
  });
}

/** How long before a voice's own start its push must be done: the music starts fading down first. */
export const duckLeadMs = (item: PlannedItem) => (item.duck ? Math.max(0, item.start - item.duck.down_at) : 0);

/** `voice.duck <down at> <down s> <level> <up at> <up s>` (instants in Unix seconds): main under a voice (script-decks.ts). */
export const duckCommand = (duck: Duck, upAt: number) =>
  `voice.duck ${(duck.down_at / 1000).toFixed(3)} ${duck.down_s.toFixed(3)} ${duck.level.toFixed(3)} ${(upAt / 1000).toFixed(3)} ${duck.up_s.toFixed(3)}`;

/** The music back up from `at` (Unix ms): its voice cut short. */
export const duckEndCommand = (at: number) => `voice.duck_end ${(at / 1000).toFixed(3)}`;

/** Main at its own level again: a voice taken back before it aired. */
export const UNDUCK = 'voice.unduck';
