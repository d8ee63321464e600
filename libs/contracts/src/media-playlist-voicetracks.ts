// OpenBroadcaster's voicetrack and custom playlist items (docs/decisions/playlists.md, "Voicetracks
// and custom items"), as OB 5.3.6 has them (controllers/playlists.php, models/playlists_model.php):
// a voicetrack is a presenter's voice aired over the start of the media item after it, the music
// ducked to `voicetrack_volume`; a custom item names a custom item type a module registers.
import { z } from 'zod';
import { Id } from './common';

const Level = z.coerce.number({ error: 'must be a number from 0 to 1' }).min(0, 'must be from 0 to 1').max(1, 'must be from 0 to 1');
const Seconds = z.coerce.number({ error: 'must be a number of seconds' }).min(0, 'must not be negative').max(3600, 'must be at most 3600 seconds');

export const voicetrackFields = ['voicetrack_volume', 'voicetrack_offset', 'voicetrack_fadeout_before', 'voicetrack_fadein_after'] as const;

/** A voicetrack's settings as answered (and as OB's `properties` carry them). */
export const VoicetrackSettings = z.object({
  /** 0..1: the level the music is ducked to while the voice plays. */
  voicetrack_volume: z.number(),
  /** Seconds into the music before it starts fading down. */
  voicetrack_offset: z.number(),
  /** Seconds the music takes to fade down to the volume (the voice starts after). */
  voicetrack_fadeout_before: z.number(),
  /** Seconds the music takes to come back up after the voice. */
  voicetrack_fadein_after: z.number(),
});
export type VoicetrackSettings = z.infer<typeof VoicetrackSettings>;

/**
 * A voicetrack as it airs: over the media item it belongs to, resolved onto that item (the voice,
 * its length and its settings). It takes no time of its own: the music starts, fades down at
 * `voicetrack_offset` over `voicetrack_fadeout_before` to `voicetrack_volume`, the voice plays, and
 * the music fades back up over `voicetrack_fadein_after`.
 */
export const Voiceover = VoicetrackSettings.extend({
  media_id: z.number().int().positive(),
  title: z.string(),
  artist: z.string(),
  /** Seconds: the voice's length. */
  duration: z.number().min(0),
});
export type Voiceover = z.infer<typeof Voiceover>;

/** How loud an item's file is, from its analysis (issue 44): what the playout's gain brings to the player's target. */
export const ItemLoudness = z.object({
  integrated_lufs: z.number().describe('Integrated loudness (EBU R128), LUFS'),
  true_peak: z.number().describe('True peak, dBTP'),
});
export type ItemLoudness = z.infer<typeof ItemLoudness>;

export const VoicetrackItemInput = z.object({
  type: z.literal('voicetrack'),
  media_id: Id.describe('The voice: an audio item of the library (OpenBroadcaster clients send it as `id`)'),
  voicetrack_volume: Level.default(0.1).describe('0..1: the level the music after it is ducked to while the voice plays (default 0.1)'),
  voicetrack_offset: Seconds.default(0).describe('Seconds into the music before it fades down'),
  voicetrack_fadeout_before: Seconds.default(0).describe('Seconds the music fades down over before the voice'),
  voicetrack_fadein_after: Seconds.default(0).describe('Seconds the music fades back in over after the voice'),
});

const customName = 'is required: the custom item type it names';
/** A custom item: the custom item type it names (OB sends `query: { name }` and answers `properties: { name }`). */
export const CustomItemInput = z.object({
  type: z.literal('custom'),
  name: z.string({ error: customName }).trim().min(1, customName).max(100),
});

/** OpenBroadcaster's forms, as the OpenAPI document shows them beside ours. */
const ObSetting = z.union([z.number(), z.string(), z.null()]).optional().describe("OB's console sends text; '' or null when unset (the default then)");
export const ObVoicetrackItemInput = z.object({
  type: z.literal('voicetrack'),
  id: Id.describe("The voice (OpenBroadcaster's name for media_id)"),
  ...Object.fromEntries(voicetrackFields.map((field) => [field, ObSetting])),
  properties: VoicetrackSettings.partial().optional().describe('The settings as OpenBroadcaster answers them'),
});
export const ObCustomItemInput = z.object({
  type: z.literal('custom'),
  query: z.object({ name: z.string() }).optional().describe('As OB sends it'),
  properties: z.object({ name: z.string() }).optional().describe('As OB answers it'),
});

const record = (value: unknown): Record<string, unknown> | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null);
/** A setting OB's console left unset: it sends an empty attribute as '' and an unset volume as null (NaN). */
const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** A voicetrack in OB's shape (`id`, settings flat or in `properties`) in ours; our names win where both are sent. */
export function fromObVoicetrack(raw: unknown): unknown {
  const item = record(raw);
  if (!item || item.type !== 'voicetrack') return raw;
  const { id, properties, ...rest } = item;
  const from = record(properties) ?? {};
  const out: Record<string, unknown> = { ...rest, media_id: given(rest.media_id) ? rest.media_id : id };
  for (const field of voicetrackFields) {
    const value = given(rest[field]) ? rest[field] : from[field];
    if (given(value)) out[field] = value;
    else delete out[field];
  }
  return out;
}

/** A custom item in OB's shape (`query: { name }`, or `properties: { name }` as answered) in ours. */
export function fromObCustom(raw: unknown): unknown {
  const item = record(raw);
  if (!item || item.type !== 'custom' || item.name !== undefined) return raw;
  const { query, properties, ...rest } = item;
  const name = record(query)?.name ?? record(properties)?.name;
  return name === undefined ? rest : { ...rest, name };
}

/**
 * OB's rule for the items' order (validate_playlist_voicetracks): a voicetrack is followed by a
 * media item (the music it is aired over) and is never the last item. Issues name the voicetrack.
 */
export function PlaylistItemOrder(items: readonly { type: string }[], ctx: z.RefinementCtx): void {
  items.forEach((item, index) => {
    if (item?.type !== 'voicetrack') return;
    const next = items[index + 1];
    if (!next) ctx.addIssue({ code: 'custom', path: [index, 'type'], message: 'Voicetracks cannot be the last item in a playlist.' });
    else if (next.type !== 'media') ctx.addIssue({ code: 'custom', path: [index, 'type'], message: `Voicetracks must be followed by a media item (item ${index + 1} is ${next.type}).` });
  });
}
