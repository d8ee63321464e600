// The schedule the on-air listening test airs (onair.test.ts), made through the gateway, and what a
// listener should hear, read back from `GET /players/{id}/rundown` and the alert: every change of
// tone at its instant. Shows start on whole seconds (the scheduling API's resolution), from T:
//   T+0   playlist show: 440 (4 s), 550 (4 s)        (items back to back inside a playlist)
//   T+8   show: 660 (4 s)                            (back-to-back shows)
//   T+12  gap of 2 s: the default playlist (1650)
//   T+14  show: 770 (a 6 s track, the show 3 s long)
//   T+17  show: 880 (6 s), hard start in the middle of 770
//   T+19  alert: 1100 (2 s), then 880 again where the rundown is
//   T+23  live show without a source: the default playlist
//   T+25  show: 1320 (2 s)
//   T+27  live show with a source (ffmpeg sending 1210 to the harbor from T+25.5 to T+31:
//         the harbor takes the show's password once the show before it has ended)
//   T+30  show: 990 (3 s), then the default playlist again
// (The show with a source comes second: Liquidsoap's harbor keeps what a source sent outside its
// show's window, which a later show without a source would air.)
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeTone } from '@airwave/playout-testing/listen';
import { expect } from 'vitest';
import type { Api } from '../src/harness';
import { makeMediaItem } from '../src/media-items';

export const FALLBACK = 1650;
export const LIVE_TONE = 1210;
export const CANDIDATES = [440, 550, 660, 770, 880, 990, 1100, LIVE_TONE, 1320, FALLBACK];
/** Seconds after T: when the live source connects and leaves, the alert, and when the schedule ends. */
export const AT = { source: 25.5, sourceLeaves: 31, alert: 19, end: 33, listenUntil: 35 } as const;

export type Block = { start: string; end: string; kind: string; show_id: number; name: string; items: { media_id: number | null; type: string; offset: number; duration: number }[] };

export interface Station {
  player: number;
  /** The tone of every media item, by id. */
  tones: Map<number, number>;
  media: Record<number, number>;
  lists: { morning: number; fill: number };
}

/** Uploads the tones (made with sox) and makes the playlists and the player aired to `streamUrl`. */
export async function makeStation(api: Api, url: string, key: string, dir: string, output: { streamUrl: string; sourcePassword: string }): Promise<Station> {
  const lengths: Record<number, number> = { 440: 4, 550: 4, 660: 4, 770: 6, 880: 6, 990: 3, 1100: 2, 1320: 2, [FALLBACK]: 60 };
  const media: Record<number, number> = {};
  for (const [f, seconds] of Object.entries(lengths)) {
    const path = await makeTone(join(dir, `${f}.wav`), Number(f), seconds);
    media[Number(f)] = await makeMediaItem(api, url, key, await readFile(path), `Tone ${f} Hz`, { artist: 'Tones' });
  }
  const post = async (path: string, body: Record<string, unknown>) => {
    const reply = await api.post<{ id: number }>(path, { key, body });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data.id;
  };
  const lists = {
    morning: await post('/playlists', { name: 'Morning tones', items: [{ type: 'media', media_id: media[440] }, { type: 'media', media_id: media[550] }] }),
    fill: await post('/playlists', { name: 'Fill', items: [{ type: 'media', media_id: media[FALLBACK] }] }),
  };
  const player = await post('/players', { name: 'On Air FM', timezone: 'UTC', playout: 'airwave', stream_url: output.streamUrl, source_password: output.sourcePassword, default_playlist_id: lists.fill });
  return { player, media, lists, tones: new Map(Object.entries(media).map(([f, id]) => [id, Number(f)])) };
}

/** Creates the shows and the alert from T (Unix ms, a whole second); answers the ids of the two live shows and the alert. */
export async function schedule(api: Api, key: string, station: Station, T: number) {
  const at = (s: number) => new Date(T + s * 1000).toISOString();
  const local = (s: number) => at(s).slice(0, 19).replace('T', ' ');
  const post = async (path: string, body: Record<string, unknown>) => {
    const reply = await api.post<{ id: number }>(path, { key, body });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data.id;
  };
  const show = (s: number, duration: number, item: Record<string, unknown>) => post('/shows', { player_id: station.player, mode: 'once', start: at(s), duration, ...item });
  const m = station.media;
  const alert = await post('/alerts', { name: 'Tone alert', player_id: station.player, item_id: m[1100], frequency: 3600, start: local(AT.alert), stop: local(AT.alert + 5) });
  await show(0, 8, { item_type: 'playlist', item_id: station.lists.morning });
  await show(8, 4, { item_type: 'media', item_id: m[660] });
  await show(14, 3, { item_type: 'media', item_id: m[770] });
  await show(17, 6, { item_type: 'media', item_id: m[880] });
  const withoutSource = await show(23, 2, { item_type: 'live' });
  await show(25, 2, { item_type: 'media', item_id: m[1320] });
  const withSource = await show(27, 3, { item_type: 'live' });
  await show(30, 3, { item_type: 'media', item_id: m[990] });
  return { alert, withSource, withoutSource };
}

export interface Expected {
  at: number;
  to: number;
  label: string;
}

/**
 * What should be heard from `from` on, from the rundown's blocks and the alert's plays: each item
 * at its block's start plus its offset, a default-playlist block and a live show without a source
 * as the default playlist's tone, the alert at its start and the rundown's item after it.
 */
export function expectedFromRundown(blocks: Block[], tones: Map<number, number>, live: { withSource: number }, alert: { start: number; length: number }, from: number): Expected[] {
  const steps: Expected[] = [];
  for (const block of blocks) {
    const start = Date.parse(block.start);
    if (block.kind === 'default_playlist') steps.push({ at: start, to: FALLBACK, label: `${block.start}: the default playlist` });
    for (const item of block.kind === 'default_playlist' ? [] : block.items) {
      const at = start + Math.round(item.offset * 1000);
      if (item.type === 'linein') steps.push({ at, to: block.show_id === live.withSource ? LIVE_TONE : FALLBACK, label: `${block.start}: live show ${block.show_id === live.withSource ? 'with' : 'without'} a source` });
      else if (item.media_id !== null) steps.push({ at, to: tones.get(item.media_id) ?? -1, label: `${new Date(at).toISOString()}: ${block.name}` });
    }
  }
  steps.sort((a, b) => a.at - b.at);
  const under = (t: number) => steps.findLast((s) => s.at <= t);
  const after = under(alert.start + alert.length);
  steps.push({ at: alert.start, to: 1100, label: 'the alert' }, { at: alert.start + alert.length, to: after?.to ?? FALLBACK, label: 'back from the alert' });
  steps.sort((a, b) => a.at - b.at);
  // A step to the tone already airing (a default-playlist block after another, or after the
  // default playlist that aired before `from`) is not heard: nothing changes.
  return steps.filter((s, i) => s.at >= from && (i === 0 || s.to !== steps[i - 1]!.to));
}
