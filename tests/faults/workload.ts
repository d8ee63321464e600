// The steady write load of the database and bus faults (issue 32): four clients, one per kind of
// write, each sending one write after another with a pause: shows and timeslots created (each at
// its own hour, so none collides), one media item's title saved and the admin's display name set
// (each value new). Every request and its reply is kept, tagged with what it wrote, so that
// verify.ts can tell afterwards which writes are in the system and which are not.
import { wav } from '../src/files';
import { call, HANG_MS, runLoad, type Gateway, type Sample } from './cluster';

export type WriteKind = 'show' | 'timeslot' | 'media' | 'settings';
export const writeKinds: WriteKind[] = ['show', 'timeslot', 'media', 'settings'];

/** One write: what it wrote (`tag`: the show's start in ms, the timeslot's description, the title, the display name) and its reply. */
export interface Write {
  kind: WriteKind;
  tag: string;
  sample: Sample;
  /** The created row's id, from a 2xx reply. */
  id?: number;
}

/** What the load writes to: made before the fault, through the API. */
export interface Fixture {
  key: string;
  adminId: number;
  showPlayer: number;
  slotPlayer: number;
  mediaId: number;
}

const PAUSE_MS = 400;
const FIRST_HOUR = Date.UTC(2030, 0, 7, 0, 0, 0);
// One counter for every load of a test file: tags never repeat between its phases.
let counter = 0;
const next = () => (counter += 1);

export async function prepareFixture(gateway: Gateway, key: string, label: string): Promise<Fixture> {
  const api = gateway.api;
  const adminId = (await api.get<{ id: number }>('/account/uid', { key })).body.data.id;
  const player = async (name: string) => {
    const reply = await api.post<{ id: number }>('/players', { key, body: { name, timezone: 'UTC' } });
    if (reply.status !== 200) throw new Error(`player: ${reply.text}`);
    return reply.body.data.id;
  };
  const upload = await fetch(`${gateway.url}/api/v2/uploads`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream' }, body: wav(1) });
  const file = ((await upload.json()) as { data: { file_id: string; file_key: string } }).data;
  const item = await api.put<{ id: number }[]>('/media', { key, body: { media: [{ file_id: file.file_id, file_key: file.file_key, title: `${label} jingle` }] } });
  if (item.status !== 200) throw new Error(`media: ${item.text}`);
  return { key, adminId, showPlayer: await player(`${label} shows`), slotPlayer: await player(`${label} timeslots`), mediaId: item.body.data[0]!.id };
}

/** One write of `kind`, with a value never written before. */
async function write(base: string, fixture: Fixture, kind: WriteKind, label: string): Promise<Write> {
  const n = next();
  const key = fixture.key;
  const hangMs = HANG_MS;
  const start = new Date(FIRST_HOUR + n * 3_600_000).toISOString();
  if (kind === 'show') {
    const body = { player_id: fixture.showPlayer, mode: 'once', start, duration: 600, item_type: 'live' };
    const sample = await call(base, 'show.create', 'POST', '/shows', { key, body, hangMs });
    return { kind, tag: String(Date.parse(start)), sample, ...createdId(sample) };
  }
  if (kind === 'timeslot') {
    const tag = `${label}-slot-${n}`;
    const body = { user_id: fixture.adminId, player_id: fixture.slotPlayer, mode: 'once', start, duration: 600, description: tag };
    const sample = await call(base, 'timeslot.create', 'POST', '/timeslots', { key, body, hangMs });
    return { kind, tag, sample, ...createdId(sample) };
  }
  if (kind === 'media') {
    const tag = `${label} title ${n}`;
    return { kind, tag, sample: await call(base, 'media.save', 'PUT', '/media', { key, body: { media: [{ id: fixture.mediaId, title: tag }] }, hangMs }) };
  }
  const tag = `${label} name ${n}`;
  return { kind, tag, sample: await call(base, 'settings.update', 'PUT', '/account/settings', { key, body: { display_name: tag }, hangMs }) };
}

const createdId = (sample: Sample) => (sample.status === 200 ? { id: (sample.body!.data as { id: number }).id } : {});

export interface RunningLoad {
  writes: Write[];
  /** Stops it and answers every write, once all replies are in. */
  stop(): Promise<Write[]>;
}

/** Starts the four clients; they write until stop(). */
export function startWriteLoad(gateway: Gateway, fixture: Fixture, label: string): RunningLoad {
  const writes: Write[] = [];
  let stopped = false;
  const done = runLoad(
    writeKinds.length,
    async (client) => {
      const made = await write(gateway.url, fixture, writeKinds[client]!, label);
      writes.push(made);
      return made.sample;
    },
    () => stopped,
    { pauseMs: PAUSE_MS },
  );
  return {
    writes,
    async stop() {
      stopped = true;
      await done;
      return writes;
    },
  };
}

export const acknowledged = (w: Write) => typeof w.sample.status === 'number' && w.sample.status >= 200 && w.sample.status < 300;
/** A 503 that says the change may have been made (COMMIT lost its connection and PostgreSQL could not be asked in time). */
export const outcomeUnknown = (w: Write) => (w.sample.body?.data as { details?: { outcome?: string } } | null)?.details?.outcome === 'unknown';
/** A failure reply that promises nothing changed: every one but outcomeUnknown. */
export const refused = (w: Write) => typeof w.sample.status === 'number' && w.sample.status >= 400 && !outcomeUnknown(w);
