import { createInProcessBus, type Bus } from '@airwave/bus';
import { accountMore, AirwaveError, scheduling } from '@airwave/contracts';
import { createMemorySessionStore } from '@airwave/sessions';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import authentication from './authentication';
import reportDownloads, { reportDownloadRoutes } from './report-downloads';
import { bareGateway, stationManager } from './test-support';

describe('report downloads', () => {
  let app: FastifyInstance;
  let bus: Bus;
  const asked: unknown[] = [];
  let endpoints: [string, string][] = [];
  const token = (id: number, key: string) => `${Buffer.from(String(id)).toString('base64')}:${key}`;
  const window = 'start=2026-11-01T00:00:00Z&end=2026-11-02T00:00:00Z';

  beforeEach(async () => {
    bus = createInProcessBus({ prefix: `downloads-test-${Math.random().toString(36).slice(2)}` });
    asked.length = 0;
    // App key 12 ("right") may download player 3's plays only (unless a test says otherwise).
    endpoints = [['GET', '/players/3/plays.csv']];
    await bus.handle(accountMore.keyAuthenticate.subject, ({ data }) => {
      const { id, key } = (data as { input: { id: number; key: string } }).input;
      return id === 12 && key === 'right' ? { profile: stationManager, endpoints } : null;
    });
    await bus.handle(scheduling.playerGet.subject, ({ data }) => {
      const { id } = (data as { input: { id: string } }).input;
      if (id !== '3') throw new AirwaveError('not_found', 'No such player.');
      return { name: 'Heard FM' };
    });
    await bus.handle(scheduling.playerPlays.subject, ({ data }) => {
      if ((data as { input: { id: string } }).input.id !== '3') throw new AirwaveError('not_found', 'No such player.');
      asked.push(data);
      return [{ media_id: 7, artist: '=cmd|calc', title: 'Song, "live"\r\nedit', start: '2026-11-01T10:00:00.000Z', end: null, listeners_at_start: 2, peak_listeners: 3, listener_seconds: 360, atp: 4 }];
    });
    await bus.handle(scheduling.listeningSummary.subject, () => ({ by_hour: [{ hour: '2026-11-01T00:00:00.000+01:00', sessions: 1, unique_listeners: 1, tuning_hours: 0.25 }] }));
    await bus.handle(scheduling.soundExchange.subject, () => ({ filename: 'Heard FM20261101_20261101_B.txt', text: 'NAME_OF_SERVICE\tX\r\n', recordings: 0 }));
    app = await bareGateway();
    await app.register(authentication, { bus, sessions: createMemorySessionStore() });
    await app.register(reportDownloads, { bus });
  });
  afterEach(async () => {
    await app.close();
    await bus.drain();
  });

  it('answers the plays as CSV, named for the player and the window, with an app key from the URL', async () => {
    const reply = await app.inject({ url: `/api/v2/players/3/plays.csv?${window}&key=${encodeURIComponent(token(12, 'right'))}` });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe('attachment; filename="Heard-FM-plays-2026-11-01_2026-11-02.csv"');
    expect(reply.body).toBe(
      'start,end,media_id,artist,title,listeners_at_start,peak_listeners,listener_seconds,atp\r\n' + `2026-11-01T10:00:00.000Z,,7,'=cmd|calc,"Song, ""live""\r\nedit",2,3,360,4\r\n`,
    );
    expect(asked).toEqual([{ input: { id: '3', start: '2026-11-01T00:00:00Z', end: '2026-11-02T00:00:00Z' }, principal: expect.objectContaining({ via: 'appkey', appKeyId: 12 }) }]);
  });

  it('answers the hours as CSV and the SoundExchange report as its text', async () => {
    const token12 = encodeURIComponent(token(12, 'right'));
    // the key was given the plays only
    expect((await app.inject({ url: `/api/v2/players/3/listeners/summary.csv?${window}&key=${token12}` })).statusCode).toBe(403);
    endpoints = [
      ['GET', '/players/3/listeners/summary.csv'],
      ['GET', '/players/3/reports/soundexchange.txt'],
    ];
    const hours = await app.inject({ url: `/api/v2/players/3/listeners/summary.csv?start=1761955200&end=1762041600&key=${token12}` });
    expect([hours.statusCode, hours.headers['content-disposition'], hours.body]).toEqual([200, 'attachment; filename="Heard-FM-listening-2025-11-01_2025-11-02.csv"', 'hour,sessions,unique_listeners,tuning_hours\r\n2026-11-01T00:00:00.000+01:00,1,1,0.25\r\n']);
    const report = await app.inject({ url: `/api/v2/players/3/reports/soundexchange.txt?${window}&category=B&key=${token12}` });
    expect([report.statusCode, report.headers['content-type'], report.headers['content-disposition'], report.body]).toEqual([200, 'text/plain; charset=utf-8', 'attachment; filename="Heard-FM20261101_20261101_B.txt"', 'NAME_OF_SERVICE\tX\r\n']);
  });

  it('refuses in the envelope: no credentials, a wrong key, a bad window, unknown parameters, an unknown player', async () => {
    const right = encodeURIComponent(token(12, 'right'));
    const refused = async (url: string) => {
      const reply = await app.inject({ url });
      return [reply.statusCode, reply.json().status];
    };
    expect(await refused(`/api/v2/players/3/plays.csv?${window}`)).toEqual([401, false]);
    expect(await refused(`/api/v2/players/3/plays.csv?${window}&key=${encodeURIComponent(token(12, 'wrong'))}`)).toEqual([401, false]);
    expect(await refused(`/api/v2/players/3/plays.csv?start=yesterday&end=2026-11-02T00:00:00Z&key=${right}`)).toEqual([400, false]);
    expect(await refused(`/api/v2/players/3/plays.csv?end=2026-11-02T00:00:00Z&key=${right}`)).toEqual([400, false]);
    expect(await refused(`/api/v2/players/3/plays.csv?${window}&from=1&key=${right}`)).toEqual([400, false]);
    expect(await refused(`/api/v2/players/3/plays.csv?${window}&key=a&key=b`)).toEqual([400, false]);
    expect(asked).toEqual([]);
    endpoints = [['GET', '/players/4/plays.csv']];
    expect(await refused(`/api/v2/players/4/plays.csv?${window}&key=${right}`)).toEqual([404, false]);
  });

  it('documents each download with its operation’s parameters and the URL key', () => {
    expect(reportDownloadRoutes.map((r) => [r.path, r.contentType, r.parameters!.map((p) => `${p.name}${p.required ? '' : '?'}`)])).toEqual([
      ['/api/v2/players/:id/plays.csv', 'text/csv', ['id', 'start', 'end', 'key?']],
      ['/api/v2/players/:id/listeners/summary.csv', 'text/csv', ['id', 'start', 'end', 'key?']],
      ['/api/v2/players/:id/reports/soundexchange.txt', 'text/plain', ['id', 'start', 'end', 'service?', 'category', 'key?']],
    ]);
  });
});
