// A window's plays, its listening hour by hour, and SoundExchange's report of use as files to
// download (`curl … > plays.csv`; issue 46, docs/decisions/listeners.md "Downloads (CSV)"):
// `GET /api/v2/players/{id}/plays.csv`, `…/listeners/summary.csv` and `…/reports/soundexchange.txt`,
// each the answer of the JSON endpoint's operation (scheduling.playerPlays, listeningSummary,
// soundExchange) written as a file here. As for the calendar feeds (calendar-feeds.ts), an app key
// may ride in the query string as `key` (the access log redacts it) and must have been given the
// download's endpoint like any other. Refusals answer the JSON envelope.
import type { Bus } from '@airwave/bus';
import { AirwaveError, authorize, jsonSchemaOf, scheduling, unauthenticated, type ExtraRoute, type JsonSchema, type Operation, type OutputOf, type Principal } from '@airwave/contracts';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { csvTable, fileNamePart, type CsvColumn } from '../csv';
import { API } from '../http-constants';
import { checkInput, refuseUnknownParameters } from '../operation-input';
import { busHeadersOf } from './request-context';

export interface ReportDownloadsOptions {
  bus: Bus;
  requestTimeoutMs?: number | undefined;
}

type Play = OutputOf<typeof scheduling.playerPlays>[number];
type Summary = OutputOf<typeof scheduling.listeningSummary>;
type Report = OutputOf<typeof scheduling.soundExchange>;
type Hour = Summary['by_hour'][number];

/** What one download asks of the bus to name and write its file. */
interface Asked {
  input: Record<string, unknown>;
  /** The player's name, for the file's (asked only by the downloads that use it). */
  playerName(): Promise<string>;
}

interface Download {
  /** Under /api/v2, Fastify syntax. */
  path: string;
  op: Operation;
  summary: string;
  type: 'text/csv' | 'text/plain';
  file(data: unknown, asked: Asked): Promise<{ name: string; text: string }>;
}

const playColumns: CsvColumn<Play>[] = [
  { name: 'start', value: (p) => p.start },
  { name: 'end', value: (p) => p.end },
  { name: 'media_id', numeric: true, value: (p) => p.media_id },
  { name: 'artist', value: (p) => p.artist },
  { name: 'title', value: (p) => p.title },
  { name: 'listeners_at_start', numeric: true, value: (p) => p.listeners_at_start },
  { name: 'peak_listeners', numeric: true, value: (p) => p.peak_listeners },
  { name: 'listener_seconds', numeric: true, value: (p) => p.listener_seconds },
  { name: 'atp', numeric: true, value: (p) => p.atp },
];

const hourColumns: CsvColumn<Hour>[] = [
  { name: 'hour', value: (h) => h.hour },
  { name: 'sessions', numeric: true, value: (h) => h.sessions },
  { name: 'unique_listeners', numeric: true, value: (h) => h.unique_listeners },
  { name: 'tuning_hours', numeric: true, value: (h) => h.tuning_hours },
];

/** The date a window's bound was written with (its first ten characters), or Unix seconds' UTC date. */
function dateOf(bound: unknown): string {
  const text = String(bound);
  return /^\d+$/.test(text) ? new Date(Number(text) * 1000).toISOString().slice(0, 10) : text.slice(0, 10);
}

const csvName = async (what: string, { input, playerName }: Asked) => `${fileNamePart(await playerName())}-${what}-${dateOf(input.start)}_${dateOf(input.end)}.csv`;

const downloads: Download[] = [
  {
    path: '/players/:id/plays.csv',
    op: scheduling.playerPlays,
    summary: 'What the player aired in a window, each play with who heard it, as CSV (a row a play)',
    type: 'text/csv',
    file: async (data, asked) => ({ name: await csvName('plays', asked), text: csvTable(playColumns, data as Play[]) }),
  },
  {
    path: '/players/:id/listeners/summary.csv',
    op: scheduling.listeningSummary,
    summary: "A window's listening hour by hour in the player's zone, as CSV (a row an hour)",
    type: 'text/csv',
    file: async (data, asked) => ({ name: await csvName('listening', asked), text: csvTable(hourColumns, (data as Summary).by_hour) }),
  },
  {
    path: '/players/:id/reports/soundexchange.txt',
    op: scheduling.soundExchange,
    summary: "SoundExchange's report of use for a window, as the file to send (tab-separated text)",
    type: 'text/plain',
    file: async (data) => {
      const report = data as Report;
      return { name: fileNamePart(report.filename), text: report.text };
    },
  },
];

const keyParameter: JsonSchema = {
  name: 'key',
  in: 'query',
  required: false,
  schema: { type: 'string' },
  description: 'An app key as `base64(<app key id>):<app key>` (the Bearer token), for a download by URL alone. The key must be allowed this endpoint.',
};

/** The operation's own query parameters (all but the path's id), as its JSON endpoint documents them. */
function queryParameters(op: Operation): JsonSchema[] {
  const schema = jsonSchemaOf(op.input, 'input');
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)
    .filter(([name]) => name !== 'id')
    .map(([name, property]) => ({ name, in: 'query', required: required.has(name), schema: property }));
}

/** The downloads as the OpenAPI document lists them. */
export const reportDownloadRoutes: ExtraRoute[] = downloads.map((d) => ({
  method: 'GET',
  path: `${API}${d.path}`,
  summary: d.summary,
  description: `${d.summary}: the answer of GET ${API}${d.path.replace(/\.(csv|txt)$/, '')} as a file (content-disposition: attachment). CSV: RFC 4180, a header row, CRLF line ends, UTF-8 without a BOM; a text field starting with =, +, -, @, tab or CR is written after a single quote (no formula injection). Needs a logged-in user (or an app key allowed to call it, also as \`key\` in the query string).`,
  tag: 'Scheduling',
  contentType: d.type,
  auth: true,
  parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }, ...queryParameters(d.op), keyParameter],
}));

const reportDownloads: FastifyPluginCallback<ReportDownloadsOptions> = (app, { bus, requestTimeoutMs }, done) => {
  const timeout = requestTimeoutMs ? { timeoutMs: requestTimeoutMs } : {};
  const ask = (request: FastifyRequest, op: Operation, input: Record<string, unknown>, principal: Principal) =>
    bus.request(op.subject, { input, principal }, { headers: busHeadersOf(request), ...timeout });
  const serve = (download: Download) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { key, i: _i, k: _k, _: _cacheBuster, ...query } = (request.query ?? {}) as Record<string, unknown>;
    if (key !== undefined && typeof key !== 'string') throw new AirwaveError('bad_request', 'Invalid input: key: must be given once');
    const params = { id: (request.params as { id: string }).id };
    refuseUnknownParameters(download.op, query, params);
    // The URL's key is the Bearer token a download by URL alone cannot send; a header sent anyway wins.
    const caller = await app.identifyCaller(request, request.query as Record<string, unknown>, key);
    if (!caller) throw unauthenticated();
    request.principal = caller.principal;
    authorize(download.op, caller.principal);
    const input = { ...query, ...params };
    checkInput(download.op, input);
    const data = await ask(request, download.op, input, caller.principal);
    const playerName = async () => ((await ask(request, scheduling.playerGet, params, caller.principal)) as { name: string }).name;
    const file = await download.file(data, { input, playerName });
    return reply
      .type(`${download.type}; charset=utf-8`)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .send(file.text);
  };
  for (const download of downloads) app.get(`${API}${download.path}`, serve(download));
  done();
};

export default fp(reportDownloads, { name: 'airwave-report-downloads', dependencies: ['airwave-authentication'] });
