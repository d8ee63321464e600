// The station the crash test airs (crash.test.ts): a playlist show of MP3 and Ogg Vorbis tones made
// by real encoders (LAME, libvorbis) with lengths that are not whole seconds, back to back; three
// of them change tone part way (where a listener hears the change says at which offset the item
// resumed after a crash); and a default playlist of one 3.4 s MP3, a station ID loop, after it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeEncodedTone, type ToneStep } from '@airwave/playout-testing/listen';
import type { Api } from '../src/harness';
import { makeMediaItem } from '../src/media-items';

export const DEFAULT_TONE = 1650;

export interface ItemSpec {
  name: string;
  codec: 'mp3' | 'ogg';
  steps: ToneStep[];
}

/** The show's items, in order; `kill` names the item each crash happens in. */
export const ITEMS: ItemSpec[] = [
  { name: 'a', codec: 'mp3', steps: [{ frequency: 440, seconds: 5.3 }] },
  { name: 'b', codec: 'ogg', steps: [{ frequency: 550, seconds: 6.7 }] },
  { name: 'liquidsoap', codec: 'mp3', steps: [{ frequency: 660, seconds: 8.2 }, { frequency: 770, seconds: 7.35 }] },
  { name: 'd', codec: 'ogg', steps: [{ frequency: 880, seconds: 7.45 }] },
  { name: 'e', codec: 'mp3', steps: [{ frequency: 990, seconds: 4.85 }] },
  { name: 'server', codec: 'ogg', steps: [{ frequency: 1100, seconds: 15.3 }, { frequency: 1210, seconds: 6.65 }] },
  { name: 'g', codec: 'mp3', steps: [{ frequency: 1320, seconds: 6.15 }] },
  { name: 'both', codec: 'mp3', steps: [{ frequency: 1430, seconds: 16.3 }, { frequency: 1540, seconds: 6.45 }] },
  { name: 'i', codec: 'ogg', steps: [{ frequency: 1760, seconds: 5.55 }] },
];

export const CANDIDATES = [...new Set([...ITEMS.flatMap((i) => i.steps.map((s) => s.frequency)), DEFAULT_TONE])];

export interface CrashStation {
  player: number;
  /** Each media item's tone steps, by media id. */
  steps: Map<number, ToneStep[]>;
  /** Media ids by item name. */
  ids: Record<string, number>;
  playlist: number;
}

async function post(api: Api, key: string, path: string, body: Record<string, unknown>): Promise<number> {
  const reply = await api.post<{ id: number }>(path, { key, body });
  if (reply.status !== 200) throw new Error(`POST ${path}: ${reply.status} ${reply.text}`);
  return reply.body.data.id;
}

/** Encodes and uploads the tones, makes the playlists and the player aired to `streamUrl`. */
export async function makeCrashStation(api: Api, key: string, dir: string, output: { streamUrl: string; sourcePassword: string }): Promise<CrashStation> {
  const steps = new Map<number, ToneStep[]>();
  const ids: Record<string, number> = {};
  const upload = async (name: string, codec: 'mp3' | 'ogg', tone: ToneStep[]) => {
    const path = await makeEncodedTone(join(dir, `${name}.${codec}`), tone, codec);
    const id = await makeMediaItem(api, api.baseUrl, key, await readFile(path), `Tone ${name}`, { artist: 'Tones' });
    steps.set(id, tone);
    ids[name] = id;
  };
  for (const item of ITEMS) await upload(item.name, item.codec, item.steps);
  await upload('station-id', 'mp3', [{ frequency: DEFAULT_TONE, seconds: 3.4 }]);
  const playlist = await post(api, key, '/playlists', { name: 'Crash tones', items: ITEMS.map((i) => ({ type: 'media', media_id: ids[i.name] })) });
  const fill = await post(api, key, '/playlists', { name: 'Station ID', items: [{ type: 'media', media_id: ids['station-id'] }] });
  const player = await post(api, key, '/players', { name: 'Crash FM', timezone: 'UTC', playout: 'airwave', stream_url: output.streamUrl, source_password: output.sourcePassword, default_playlist_id: fill });
  return { player, steps, ids, playlist };
}

/** The playlist show from T (Unix ms, a whole second) for `seconds`. */
export const scheduleShow = (api: Api, key: string, station: CrashStation, T: number, seconds: number) =>
  post(api, key, '/shows', { player_id: station.player, mode: 'once', start: new Date(T).toISOString(), duration: seconds, item_type: 'playlist', item_id: station.playlist });
