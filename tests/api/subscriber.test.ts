// A team's own service subscribing with @airwave/events, as its README shows: it receives a media
// save, a show save and an exception to the show, each typed and carrying the state the API answers
// with, on the embedded default's in-process bus and on NATS.
import { eventTypesMatching, subscribe, type AirwaveEvent, type EventType } from '@airwave/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../src/files';
import { ADMIN_PASSWORD, modes, startTestSystem, type TestSystem } from '../src/harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(modes)('a subscriber built with @airwave/events (%s)', (mode) => {
  let system: TestSystem;
  let admin: string;
  const received: AirwaveEvent[] = [];
  const arrived = async <T extends EventType>(type: T, match: (event: AirwaveEvent<T>) => boolean): Promise<AirwaveEvent<T>> => {
    for (let waited = 0; waited < 10_000; waited += 50) {
      const found = received.find((event) => event.type === type && match(event as AirwaveEvent<T>));
      if (found) return found as AirwaveEvent<T>;
      await sleep(50);
    }
    throw new Error(`no ${type} arrived`);
  };
  const get = async (path: string) => {
    const reply = await system.api.get<Record<string, unknown>>(path, { key: admin });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data;
  };

  beforeAll(async () => {
    system = await startTestSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    const subjects = [...eventTypesMatching('media.item.saved'), ...eventTypesMatching('scheduling.show.>')];
    await subscribe(system.infrastructure[0]!.bus, { durable: 'subscriber-test', subjects, from: 'now' }, (event) => {
      received.push(event);
    });
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('receives a media save, a show save and an exception, each with its state', async () => {
    const upload = await fetch(`${system.url}/api/v2/uploads`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: wav(1) });
    const { file_id, file_key } = ((await upload.json()) as { data: { file_id: string; file_key: string } }).data;
    const saved = await system.api.put<{ id: number }[]>('/media', { key: admin, body: { media: [{ file_id, file_key, title: 'Morning jingle', artist: 'Airwave' }] } });
    expect(saved.status, saved.text).toBe(200);
    const item = saved.body.data[0]!.id;
    const mediaSaved = await arrived('media.item.saved', (event) => event.payload.id === item);
    const { can_edit: _callerOnly, ...asAnswered } = await get(`/media/${item}`);
    expect(mediaSaved.payload).toEqual({ id: item, created: true, item: asAnswered });
    expect(mediaSaved.actor.username).toBe('admin');

    const player = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Subscriber FM', timezone: 'Europe/London' } })).body.data.id;
    const body = { player_id: player, mode: 'weekly', start: '2027-03-07 08:00:00', duration: 3600, stop: '2027-04-30', item_type: 'media', item_id: item };
    const show = (await system.api.post<{ id: number }>('/shows', { key: admin, body })).body.data.id;
    const showSaved = await arrived('scheduling.show.saved', (event) => event.payload.id === show);
    expect(showSaved.payload).toEqual(await get(`/shows/${show}`));
    expect(showSaved.payload).toMatchObject({ player_id: player, start: '2027-03-07T08:00:00+00:00', item_type: 'media', item_id: item });

    const skipped = await system.api.post<{ id: number }>(`/shows/${show}/exceptions`, { key: admin, body: { original_start: '2027-03-28 08:00:00', skip: true } });
    expect(skipped.status, skipped.text).toBe(200);
    const exception = await arrived('scheduling.show.exception.saved', (event) => event.payload.id === skipped.body.data.id);
    expect(exception.payload).toMatchObject({ series_id: show, player_id: player, original_start: '2027-03-28T08:00:00+01:00', skip: true, matches: true });
    // Each event's sequence orders the changes as they committed.
    expect(showSaved.sequence! < exception.sequence!).toBe(true);
  });
});
