// Hostile input: property-based fuzzing of every route in the OpenAPI document, through the real
// gateway over HTTP. Requests are derived from each operation's parameter and body schemas (right
// types with boundary values, wrong types, huge strings and arrays, deep nesting, unicode with lone
// surrogates and NUL, odd path ids, out-of-range numbers, broken JSON and content types) and sent as
// the admin, as a plain user, as nobody and with garbage credentials. Every reply must be below 500
// and the JSON envelope `{ status, msg, data }`.
//
// Besides, src/fuzz-streams.ts's requests, in proportion to the run (about 3 % and 2 % of it,
// spread among the rest): multipart forms for the routes that take one, whole, cut short, broken or
// abandoned mid-body; and saves of records that do not exist yet, under fresh ids of the fuzzer's
// choosing, each followed by a creation on the same collection. After the run, the server must have
// logged no error, and the uploads on disk must be exactly those answered 200 (none partial).
//
// FUZZ_SEED (default 20261123) and FUZZ_RUNS (default 10000 requests derived from the schemas)
// override the run.
//
// Left out on purpose, so the rest of the run stays meaningful: PUT and DELETE /users/{id} never
// target the admin or the plain fuzzing user (they target throwaway users instead), and
// POST /account/logout never ends the admin's or the plain user's session (it runs with a
// throwaway session, garbage or no credentials).
import { readdir } from 'node:fs/promises';
import { request as httpRequest, Agent } from 'node:http';
import { join } from 'node:path';
import fc from 'fast-check';
import { Writable } from 'node:stream';
import { createLogger } from '@airwave/logging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestSystem, type Mode, type TestSystem } from '../src/harness';
import { deep, fromSchema, hostileText, hostileValue, RawJson, toJson, type Doc, type Operation, type Schema } from '../src/fuzz-values';
import { chosenIdRoute, formSpecs, freshIds, knownGood, sendAbandoned, takesMultipart, type FuzzBody } from '../src/fuzz-streams';
import { limit } from '../../vitest.shared';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
/** FUZZ_MODE=distributed fuzzes separate services over NATS, Postgres and Redis (the URLs must be set). */
const MODE: Mode = process.env.FUZZ_MODE === 'distributed' ? 'distributed' : 'embedded';
const CONCURRENCY = 8;
const PLAIN_PASSWORD = 'fuzz-plain-password';

type Auth = 'admin' | 'plain' | 'none' | 'garbage' | 'appkey-garbage' | 'cookie-garbage' | 'field' | 'throwaway';

interface Spec {
  method: string;
  route: string;
  path: string;
  query: [string, string][];
  body?: FuzzBody;
  auth: Auth;
  headers: Record<string, string>;
  /** Send this many bytes of the body, then close the connection (no reply is owed). */
  abortAfter?: number;
}

/** A request to send with the operation it calls, and one to send right after it, in order. */
interface Item {
  spec: Spec;
  operation: Operation;
  then?: Item;
}

/** Percent-encodes a path segment byte by byte (lone surrogates included); `raw` keeps `%` sequences as written. */
const encodeSegment = (value: string, raw: boolean) =>
  [...Buffer.from(value, 'utf8')].map((byte) => (/[A-Za-z0-9._~-]/.test(String.fromCharCode(byte)) || (raw && byte === 0x25) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

const toText = (value: unknown): string => (typeof value === 'string' ? value : value instanceof RawJson ? value.text : toJson(value));

function specArbitrary(doc: Doc, method: string, route: string, operation: Operation, ids: { protected: number[] }): fc.Arbitrary<Spec> {
  const params = operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const pathValue = (schema: Schema) =>
    fc.oneof(
      { arbitrary: fromSchema(doc, schema, 'strict').map((v) => ({ text: toText(v), raw: false })), weight: 2 },
      { arbitrary: fromSchema(doc, schema, 'edge').map((v) => ({ text: toText(v), raw: false })), weight: 1 },
      { arbitrary: hostileText.map((text) => ({ text, raw: false })), weight: 2 },
      { arbitrary: fc.constantFrom('%00', '%', '%zz', '%C0%AF', '%FF%FE', '..', '.', '%2e%2e', '%2F', '..%2F..%2Fetc%2Fpasswd', '%uD800', '%ED%A0%80').map((text) => ({ text, raw: true })), weight: 1 },
    );
  const path = fc.tuple(...pathParams.map((p) => pathValue(p.schema))).map((values) => {
    let result = route;
    pathParams.forEach((p, i) => {
      result = result.replace(`{${p.name}}`, encodeSegment(values[i]!.text, values[i]!.raw));
    });
    return result;
  });
  const queryValue = (schema: Schema) =>
    fc.oneof(
      { arbitrary: fromSchema(doc, schema, 'strict').map(toText), weight: 3 },
      { arbitrary: fromSchema(doc, schema, 'edge').map(toText), weight: 1 },
      { arbitrary: fromSchema(doc, schema, 'hostile').map(toText), weight: 2 },
      { arbitrary: hostileText, weight: 2 },
    );
  const query = fc.tuple(
    ...queryParams.map((p) => fc.option(queryValue(p.schema), { nil: undefined, freq: p.required ? 8 : 3 }).map((v) => (v === undefined ? [] : [[p.name, v] as [string, string]]))),
    fc.option(fc.tuple(fc.constantFrom('extra', 'i', 'k', 'q', 'id', 'a[b]', '__proto__'), hostileText), { nil: undefined, freq: 4 }),
  ).map((parts) => {
    const extra = parts.pop() as [string, string] | undefined;
    const pairs = (parts as [string, string][][]).flat() as [string, string][];
    return extra ? [...pairs, extra] : pairs;
  });
  // Bodies are cut past 1.2 MB: enough to pass the body limit, small enough to keep 10,000 in memory.
  const jsonBody = (value: unknown) => ({ text: toJson(value).slice(0, 1_200_000), contentType: 'application/json' });
  const body: fc.Arbitrary<Spec['body']> =
    method === 'get'
      ? fc.constant(undefined)
      : fc.oneof(
          { arbitrary: fromSchema(doc, bodySchema, 'strict').map(jsonBody), weight: method === 'delete' ? 1 : 5 },
          { arbitrary: fromSchema(doc, bodySchema, 'edge').map(jsonBody), weight: method === 'delete' ? 1 : 3 },
          { arbitrary: fromSchema(doc, bodySchema, 'hostile').map(jsonBody), weight: method === 'delete' ? 1 : 8 },
          { arbitrary: hostileValue.map(jsonBody), weight: 2 },
          {
            arbitrary: fc.constantFrom(
              { text: '{', contentType: 'application/json' },
              { text: '', contentType: 'application/json' },
              { text: 'null', contentType: 'application/json' },
              { text: '"text"', contentType: 'application/json' },
              { text: '{"a":1,"a":2}', contentType: 'application/json' },
              { text: '{"__proto__":{"admin":true}}', contentType: 'application/json' },
              { text: '{"constructor":{"prototype":{"admin":true}}}', contentType: 'application/json' },
              { text: '\uFEFF{}', contentType: 'application/json' },
              { text: '{}', contentType: 'application/json; charset=utf-16' },
              { text: '{}', contentType: 'text/plain' },
              { text: '<x/>', contentType: 'application/xml' },
              { text: '{}', contentType: 'multipart/form-data' },
              { text: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.mp3"\r\n\r\nID3\r\n--b--\r\n', contentType: 'multipart/form-data; boundary=b' },
              { text: 'a=1&a=2&password=x&k=y&__proto__=1', contentType: 'application/x-www-form-urlencoded' },
              { text: '%%%&&&==', contentType: 'application/x-www-form-urlencoded' },
              { text: '[1,2]' },
              { text: '{}' },
              { text: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[', contentType: 'application/json' },
              { text: `{"a":"${'x'.repeat(1_100_000)}"}`, contentType: 'application/json' },
            ),
            weight: 1,
          },
          {
            arbitrary: fromSchema(doc, bodySchema, 'hostile').map((value) => ({
              text: new URLSearchParams(Object.entries(value && typeof value === 'object' ? value : { value }).map(([k, v]): [string, string] => [k, toText(v)])).toString(),
              contentType: 'application/x-www-form-urlencoded',
            })),
            weight: 1,
          },
          { arbitrary: fc.constant(undefined), weight: 1 },
        );
  const secured = Boolean(operation.security?.length);
  const auth: fc.Arbitrary<Auth> =
    route === '/api/v2/account/logout'
      ? fc.constantFrom<Auth>('none', 'garbage', 'appkey-garbage', 'cookie-garbage', 'field', 'throwaway')
      : secured
        ? fc.oneof(
            { arbitrary: fc.constantFrom<Auth>('admin'), weight: 5 },
            { arbitrary: fc.constantFrom<Auth>('plain'), weight: 3 },
            { arbitrary: fc.constantFrom<Auth>('none', 'garbage', 'appkey-garbage', 'cookie-garbage', 'field'), weight: 2 },
          )
        : fc.constantFrom<Auth>('none', 'none', 'admin', 'garbage');
  const headers = fc.record(
    {
      'x-request-id': fc.oneof(fc.constantFrom('', 'a'.repeat(200), 'id with spaces', '../../x'), fc.string({ maxLength: 20 }).map((s) => s.replace(/[^\x20-\x7e]/g, ''))),
      traceparent: fc.constantFrom('garbage', '00-00000000000000000000000000000000-0000000000000000-00', 'ff-' + 'f'.repeat(200)),
      range: fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=5-1', 'bytes=999999999999-', 'bytes=a-b', 'bytes=0-1,2-3', 'items=0-1'),
      accept: fc.constantFrom('*/*', 'text/html', 'application/xml'),
    },
    { requiredKeys: [] },
  );
  return fc.record({ path, query, body, auth, headers }).map(({ path: concretePath, query: q, body: initialBody, auth: a, headers: h }) => {
    let b = initialBody;
    // Never edit or delete the admin or the plain fuzzing user (see the header comment).
    let finalPath = concretePath;
    if (route === '/api/v2/users/{id}' && (method === 'put' || method === 'delete')) {
      const id = /\/users\/([^/]+)$/.exec(concretePath)?.[1];
      let decoded = id ?? '';
      try {
        decoded = decodeURIComponent(decoded);
      } catch {
        // not decodable: the server refuses it
      }
      // The server coerces with Number(), so "01", " 1", "0x1" and "1e0" all name user 1.
      if (ids.protected.includes(Number(decoded))) finalPath = '/api/v2/users/999999';
    }
    // Never change the fuzzing users' own passwords (their sessions and logins must keep working).
    if (route === '/api/v2/account/settings' && method === 'put' && b?.contentType === 'application/json' && /"password"/.test(b.text)) {
      b = { ...b, text: b.text.replace(/"password_again"/g, '"password_again_not"') };
    }
    return { method: method.toUpperCase(), route, path: finalPath, query: q, ...(b ? { body: b } : {}), auth: a, headers: h as Record<string, string> };
  });
}

interface Reply {
  status: number;
  contentType: string;
  text: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** Sends one request; a keep-alive socket the server closed meanwhile is retried once on a new one. */
async function send(base: URL, method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<Reply> {
  try {
    return await sendOnce(base, method, path, headers, body, agent);
  } catch (error) {
    if (!(error as { reusedSocket?: boolean }).reusedSocket) throw error;
    return sendOnce(base, method, path, headers, body, false);
  }
}

function sendOnce(base: URL, method: string, path: string, headers: Record<string, string>, body: string | Buffer | undefined, via: Agent | false): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined || Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
    const req = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        agent: via,
        headers: { ...headers, ...(payload ? { 'content-length': String(payload.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        const reply = () => ({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') });
        // A stream of server-sent events never ends by itself: its first event is the reply.
        const stream = reply().contentType.startsWith('text/event-stream');
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          if (stream && /\ndata:[^\n]*\n\n/.test(reply().text)) {
            resolve(reply());
            req.destroy();
          }
        });
        res.on('end', () => resolve(reply()));
        res.on('error', reject);
      },
    );
    req.on('error', (error) => reject(Object.assign(error, { reusedSocket: req.reusedSocket })));
    req.setTimeout(60_000, () => req.destroy(new Error('client timeout')));
    if (payload) req.write(payload);
    req.end();
  });
}

const isEnvelope = (text: string) => {
  try {
    const body = JSON.parse(text) as { status?: unknown; msg?: unknown };
    return typeof body === 'object' && body !== null && typeof body.status === 'boolean' && typeof body.msg === 'string' && 'data' in body;
  } catch {
    return false;
  }
};

/** Routes whose success reply is not the envelope (the document, metrics, file bytes). */
const succeedsWithoutEnvelope = (operation: Operation) => {
  const ok = operation.responses['200'];
  const schema = ok?.content?.['application/json']?.schema;
  return !schema || !(schema.properties as Record<string, unknown> | undefined)?.status;
};

/** Multipart requests (src/fuzz-streams.ts) for every route whose document takes a form. */
function formItems(doc: Doc, count: number): Item[] {
  const routes = Object.entries(doc.paths).flatMap(([route, methods]) => Object.entries(methods).filter(([, operation]) => takesMultipart(operation)).map(([method, operation]) => ({ route, method, operation })));
  expect(routes.length, 'routes that take a multipart form').toBeGreaterThan(0);
  // Mostly as the admin, who may upload: a form is read only once the caller may send it.
  const auths: Auth[] = ['admin', 'admin', 'admin', 'admin', 'plain', 'none'];
  return formSpecs(SEED, count).map(({ body, abortAfter }, index) => {
    const { route, method, operation } = routes[index % routes.length]!;
    const spec: Spec = { method: method.toUpperCase(), route, path: route, query: [], body, auth: auths[index % auths.length]!, headers: {}, ...(abortAfter === undefined ? {} : { abortAfter }) };
    return { spec, operation };
  });
}

/** Strictly valid bodies of an operation, with known good values where the schema says too little. */
function acceptedBody(doc: Doc, operation: Operation): fc.Arbitrary<FuzzBody> {
  const schema = operation.requestBody?.content['application/json']?.schema;
  const resolved = schema?.$ref ? doc.components.schemas?.[String(schema.$ref).split('/').pop()!] : schema;
  const names = Object.keys((resolved?.properties ?? {}) as Record<string, Schema>).filter((name) => name in knownGood);
  return fc.tuple(fromSchema(doc, schema, 'strict'), fc.tuple(...names.map((name) => fc.constantFrom(...knownGood[name]!)))).map(([value, picks]) => {
    const merged = { ...(value as Record<string, unknown>) };
    names.forEach((name, i) => (merged[name] = picks[i]));
    return { text: toJson(merged), contentType: 'application/json' };
  });
}

/**
 * Saves of records that do not exist, under fresh ids of the fuzzer's choosing, as the admin; each
 * followed by a creation on its collection, which must not collide with the id just chosen.
 */
function chosenIdItems(doc: Doc, perRoute: number): Item[] {
  const nextId = freshIds(SEED);
  const items: Item[] = [];
  Object.entries(doc.paths).forEach(([route, methods], index) => {
    const operation = methods.put;
    const pathParams = (operation?.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
    if (!operation || !chosenIdRoute('put', route, pathParams)) return;
    const collection = route.slice(0, -'/{id}'.length);
    const create = doc.paths[collection]?.post;
    const saves = fc.sample(acceptedBody(doc, operation), { seed: SEED + 100_000 + index, numRuns: perRoute });
    const creations = create ? fc.sample(acceptedBody(doc, create), { seed: SEED + 200_000 + index, numRuns: perRoute }) : [];
    saves.forEach((body, i) => {
      const spec: Spec = { method: 'PUT', route, path: route.replace('{id}', String(nextId())), query: [], body, auth: 'admin', headers: {} };
      const then = create && creations[i] ? { spec: { method: 'POST', route: collection, path: collection, query: [], body: creations[i], auth: 'admin' as const, headers: {} }, operation: create } : undefined;
      items.push({ spec, operation, ...(then ? { then } : {}) });
    });
  });
  expect(items.length, 'routes that save a record under a chosen id').toBeGreaterThan(0);
  return items;
}

/** `extra` spread evenly among `queue`, so that its requests meet every state of the run. */
function interleave(queue: Item[], extra: Item[]): Item[] {
  const out: Item[] = [];
  let e = 0;
  queue.forEach((item, i) => {
    while (e < extra.length && e * queue.length <= i * extra.length) out.push(extra[e++]!);
    out.push(item);
  });
  return [...out, ...extra.slice(e)];
}

/** The files under DATA_DIR/media/uploads once no partial file is left (waiting for abandoned uploads' cleanup). */
async function settledUploads(dataDir: string): Promise<string[]> {
  const dir = join(dataDir, 'media', 'uploads');
  for (let tries = 0; ; tries += 1) {
    const files = await readdir(dir).catch(() => [] as string[]);
    if (!files.some((f) => f.endsWith('.partial')) || tries >= 50) return files;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('fuzzing every route of the OpenAPI document', () => {
  let system: TestSystem;
  let doc: Doc;
  const keys = { admin: '', plain: '' };
  const ids = { admin: 0, plain: 0, protected: [] as number[] };

  // What the server logged at error level: the cause of any 500, printed with the failures.
  const serverErrors: string[] = [];
  const errorLog = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const line = JSON.parse(chunk.toString()) as { err?: { message?: string; stack?: string }; msg?: string };
      serverErrors.push(`${line.msg}: ${line.err?.message ?? ''} ${(line.err?.stack ?? '').split('\n').slice(1, 4).join(' | ')}`);
      callback();
    },
  });

  beforeAll(async () => {
    // A generous bus deadline: a 503 should mean a request that hangs, not a slow moment of a
    // shared machine (logins cost scrypt work).
    system = await startTestSystem(MODE, { LOGIN_FREE_FAILURES_PER_ADDRESS: '100000', LOGIN_FREE_FAILURES: '10000', LOGIN_ACCOUNT_CEILING: '1000000', REQUEST_TIMEOUT_MS: '30000' }, { logger: createLogger({ level: 'error', destination: errorLog }) });
    doc = (await (await fetch(`${system.url}/api/v2/openapi.json`)).json()) as Doc;
    const admin = await system.api.login('admin', ADMIN_PASSWORD);
    keys.admin = admin.key;
    ids.admin = admin.id;
    const plain = await system.api.post<{ id: number }>('/users', { key: admin.key, body: { username: 'fuzz.plain', password: PLAIN_PASSWORD, email: 'fuzz.plain@example.org' } });
    ids.plain = plain.body.data.id;
    ids.protected = [ids.admin, ids.plain];
    keys.plain = (await system.api.login('fuzz.plain', PLAIN_PASSWORD)).key;
    // Some records for the small ids the fuzzer tries, and throwaway users it may edit or delete.
    for (let i = 0; i < 3; i += 1) {
      await system.api.post('/users', { key: admin.key, body: { username: `victim${i}`, password: 'victim-password' } });
      await system.api.post('/players', { key: admin.key, body: { name: `Player ${i}`, password: 'player-password' } });
      await system.api.put('/media', { key: admin.key, body: { media: [{ title: `Song ${i}`, artist: 'Fuzz' }] } });
      await system.api.post('/media/searches', { key: keys.plain, body: { query: { mode: 'simple', string: `s${i}` }, description: `Search ${i}` } });
    }
  }, limit(120_000));
  afterAll(async () => {
    agent.destroy();
    await system?.stop();
  });

  // Regressions: what earlier fuzzing runs found.
  it('answers an undecodable URL with 400 in the envelope', async () => {
    for (const path of ['/api/v2/users/%zz', '/api/v2/players/%FF%FE', '/api/v2/account/store/%ED%A0%80', '/api/v2/media/%']) {
      const reply = await send(new URL(system.url), 'GET', path, { authorization: `Bearer ${keys.admin}` });
      expect(reply.status, path).toBe(400);
      expect(JSON.parse(reply.text)).toEqual({ status: false, msg: 'The URL is not valid.', data: { code: 'bad_request' } });
    }
  });

  it('answers headers past the size limit with 431 in the envelope', async () => {
    const reply = await send(new URL(system.url), 'GET', `/api/v2/account/uid?q=${'a'.repeat(20_000)}`, { authorization: `Bearer ${keys.admin}` });
    expect(reply.status).toBe(431);
    expect(JSON.parse(reply.text)).toMatchObject({ status: false, data: { code: 'bad_request' } });
  });

  it('refuses JSON nested too deeply with 400 instead of failing while passing it on', async () => {
    for (const body of [deep(20_000).text, deep(20_000, true).text, `{"value":"x","extra":${deep(150, true).text}}`]) {
      const reply = await system.api.put('/account/store/deep', { key: keys.admin, raw: body, headers: { 'content-type': 'application/json' } });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ status: false, msg: 'The request body is nested deeper than 100 levels.', data: { code: 'bad_request' } });
    }
    // Prototype poisoning is refused too.
    for (const body of ['{"value":"x","__proto__":{"admin":true}}', '{"value":"x","constructor":{"prototype":{"admin":true}}}']) {
      const reply = await system.api.put('/account/store/deep', { key: keys.admin, raw: body, headers: { 'content-type': 'application/json' } });
      expect(reply.status, body).toBe(400);
      expect(reply.body).toMatchObject({ status: false, data: { code: 'bad_request' } });
    }
    // Nesting within the limit, and brackets inside strings, are fine.
    const fine = await system.api.put('/account/store/deep', { key: keys.admin, body: { value: '['.repeat(500), extra: deep(50, true) } });
    expect(fine.status, fine.text).toBe(200);
  });

  it('refuses ids past the integer range of the database with 400', async () => {
    const huge = 9_007_199_254_740_991;
    const calls = [
      system.api.put('/shows/last-player', { key: keys.plain, body: { player: huge } }),
      system.api.put('/timeslots/last-player', { key: keys.plain, body: { player: huge } }),
      system.api.put('/shows', { key: keys.admin, body: { item_type: 'media', item_id: huge, player_id: 1, mode: 'once', start: 20, duration: 2 } }),
      system.api.get('/timeslots', { key: keys.admin, query: { start: 0, end: 3600, player: 2_147_483_648 } }),
      system.api.get('/dayparting/check', { key: keys.admin, query: { media_id: huge, at: 0 } }),
      system.api.post('/users', { key: keys.admin, body: { username: 'ranger', password: 'ranger-password', group_ids: [2_147_483_648] } }),
      system.api.put('/media', { key: keys.admin, body: { media: [{ id: huge, title: 'x' }] } }),
      system.api.put('/media', { key: keys.admin, body: { media: [{ id: 1, permitted_users: [huge] }] } }),
      system.api.put('/media', { key: keys.admin, body: { media: [{ id: 1, permitted_groups: [2_147_483_648] }] } }),
    ];
    for (const reply of await Promise.all(calls)) {
      expect(reply.status, reply.text).toBe(400);
      expect(reply.body).toMatchObject({ status: false, data: { code: 'bad_request' } });
    }
  });

  it('refuses text with NUL characters with 400, which PostgreSQL could not store or compare', async () => {
    const calls = [
      system.api.get('/media/search', { key: keys.admin, query: { q: '\u0000' } }),
      system.api.get('/media/search', { key: keys.admin, query: { q: JSON.stringify({ mode: 'advanced', filters: [{ filter: 'title', op: 'contains', val: 'a\u0000' }] }) } }),
      system.api.get('/users', { key: keys.admin, query: { q: 'a\u0000b' } }),
      system.api.put('/account/store/nul', { key: keys.plain, body: { value: 'x\u0000y' } }),
      system.api.put('/account/settings', { key: keys.plain, body: { display_name: '\u0000' } }),
      system.api.post('/players', { key: keys.admin, body: { name: 'NUL\u0000player', password: 'player-password' } }),
      system.api.post('/account/login', { body: { username: 'admin\u0000', password: 'x' } }),
    ];
    for (const [index, reply] of (await Promise.all(calls)).entries()) {
      expect(reply.status, `${index}: ${reply.text}`).toBe(400);
      expect(reply.body).toMatchObject({ status: false, data: { code: 'bad_request' } });
    }
  });

  it('answers a broken multipart upload with 400 in the envelope', async () => {
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=b']) {
      const reply = await system.api.post('/uploads', { key: keys.admin, raw: contentType.includes('boundary') ? '--b\r\nno headers' : '{}', headers: { 'content-type': contentType } });
      expect(reply.status, `${contentType}: ${reply.text}`).toBe(400);
      expect(reply.body).toMatchObject({ status: false, data: { code: 'bad_request' } });
    }
  });

  it(
    'answers every request below 500 and in the envelope',
    async () => {
      process.stdout.write(`fuzz: seed ${SEED}, ${RUNS} requests, ${MODE} (FUZZ_SEED / FUZZ_RUNS / FUZZ_MODE to change)\n`);
      const base = new URL(system.url);
      const operations = Object.entries(doc.paths).flatMap(([route, methods]) => Object.entries(methods).map(([method, operation]) => ({ route, method, operation })));
      expect(operations.length).toBeGreaterThan(80);
      const perOperation = Math.ceil(RUNS / operations.length);
      const samples = operations.map(({ route, method, operation }, index) =>
        fc.sample(specArbitrary(doc, method, route, operation, ids), { seed: SEED + index, numRuns: perOperation }),
      );
      // Round robin over the operations, so that every route is hit early and state interleaves.
      const derived: Item[] = [];
      for (let i = 0; i < perOperation && derived.length < RUNS; i += 1) {
        samples.forEach((specs, index) => {
          if (derived.length < RUNS) derived.push({ spec: specs[i]!, operation: operations[index]!.operation });
        });
      }
      const queue = interleave(interleave(derived, formItems(doc, Math.round(RUNS * 0.03))), chosenIdItems(doc, Math.ceil(RUNS * 0.002)));
      const requests = queue.reduce((n, item) => n + (item.then ? 2 : 1), 0);

      const failures: string[] = [];
      const statuses = new Map<number, number>();
      let sent = 0;
      let uploaded = 0;
      const throwawaySession = async () => (await system.api.login('fuzz.plain', PLAIN_PASSWORD).catch(() => ({ key: 'gone' }))).key;
      const credentials = async (spec: Spec): Promise<{ headers: Record<string, string>; fields: [string, string][] }> => {
        switch (spec.auth) {
          case 'admin':
            return { headers: { authorization: `Bearer ${keys.admin}` }, fields: [] };
          case 'plain':
            return { headers: { authorization: `Bearer ${keys.plain}` }, fields: [] };
          case 'throwaway':
            return { headers: { authorization: `Bearer ${await throwawaySession()}` }, fields: [] };
          case 'garbage':
            return { headers: { authorization: `Bearer ${'A'.repeat(43)}` }, fields: [] };
          case 'appkey-garbage':
            return { headers: { authorization: `Bearer ${Buffer.from(String(sent % 5 === 0 ? -1 : 1)).toString('base64')}:${'k'.repeat(sent % 3 ? 43 : 5000)}` }, fields: [] };
          case 'cookie-garbage':
            return { headers: { cookie: `ob_auth_id=${sent % 2 ? '1' : 'NaN'}; ob_auth_key=${keys.plain.slice(0, 10)}` }, fields: [] };
          case 'field':
            return { headers: {}, fields: [['i', String(ids.plain)], ['k', keys.plain]] };
          default:
            return { headers: {}, fields: [] };
        }
      };
      const runStep = async ({ spec, operation }: Item) => {
        const { headers: authHeaders, fields } = await credentials(spec);
        const query = [...spec.query, ...(spec.method === 'GET' || spec.method === 'DELETE' ? fields : [])];
        const qs = query.length ? `?${new URLSearchParams(query).toString()}` : '';
        const headers: Record<string, string> = { ...spec.headers, ...authHeaders };
        if (spec.body?.contentType) headers['content-type'] = spec.body.contentType;
        const label = `${spec.method} ${spec.path.slice(0, 200)}${qs.slice(0, 300)} auth=${spec.auth} body=${(spec.body?.text ?? '').slice(0, 300)}`;
        if (spec.abortAfter !== undefined) {
          // Abandoned mid-body: no reply to check; what the server made of it is checked after the run.
          await sendAbandoned(base, `${spec.path}${qs}`, headers, spec.body?.bytes ?? Buffer.from(spec.body?.text ?? ''), spec.abortAfter);
          sent += 1;
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
          return;
        }
        let reply: Reply;
        try {
          reply = await send(base, spec.method, `${spec.path}${qs}`, headers, spec.body?.bytes ?? spec.body?.text);
        } catch (error) {
          failures.push(`${label} -> no reply: ${(error as Error).message}`);
          return;
        }
        sent += 1;
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        if (reply.status === 200 && takesMultipart(operation)) uploaded += 1;
        if (reply.status >= 500) failures.push(`${label} -> ${reply.status} ${reply.text.slice(0, 200)}`);
        else if (!(reply.status < 300 && succeedsWithoutEnvelope(operation)) && !isEnvelope(reply.text)) {
          failures.push(`${label} -> ${reply.status} not the envelope: ${reply.contentType} ${reply.text.slice(0, 200)}`);
        }
      };
      const run = async (item: Item) => {
        for (let step: Item | undefined = item; step; step = step.then) await runStep(step);
      };
      // Bounded concurrency; the fuzzing sessions are checked (and renewed) between chunks.
      for (let start = 0; start < queue.length; start += 400) {
        const chunk = queue.slice(start, start + 400);
        let next = 0;
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (next < chunk.length) await run(chunk[next++]!);
          }),
        );
        if ((await system.api.get('/account/uid', { key: keys.admin })).status !== 200) keys.admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
        if ((await system.api.get('/account/uid', { key: keys.plain })).status !== 200) keys.plain = (await system.api.login('fuzz.plain', PLAIN_PASSWORD)).key;
      }
      process.stdout.write(`fuzz: ${sent} requests, replies by status (0: abandoned by the fuzzer) ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}\n`);
      expect(sent + failures.filter((f) => f.includes('no reply')).length).toBe(requests);
      if (failures.length) {
        // One example per kind of failure, so that a report stays readable.
        const kinds = new Map<string, string>();
        for (const failure of failures) {
          const kind = failure.replace(/^(\S+ \S+?)(?:\?| ).*? -> (no reply|\d+)(.{0,60}).*$/s, '$1 $2$3').replace(/\/[^/ ]*%[^/ ]*/g, '/…').replace(/\/\d+(?=[/ ]|$)/g, '/{n}');
          if (!kinds.has(kind)) kinds.set(kind, failure);
        }
        if (serverErrors.length) process.stdout.write(`fuzz: server errors:\n${[...new Set(serverErrors)].map((e) => `  ${e.slice(0, 500)}`).join('\n')}\n`);
        process.stdout.write(`fuzz: ${failures.length} failures, ${kinds.size} kinds:\n${[...kinds.values()].map((f) => `  ${f.slice(0, 600)}`).join('\n')}\n`);
      }
      expect(failures.slice(0, 30), `${failures.length} failures (seed ${SEED})`).toEqual([]);
      // An error the server logged is a 500 in waiting, also where no client saw it (an abandoned upload).
      expect([...new Set(serverErrors)].slice(0, 10), `errors logged (seed ${SEED})`).toEqual([]);
      // Every upload answered 200 is kept, and nothing else: no partial file, nothing of a cut form.
      if (system.env.DATA_DIR) expect((await settledUploads(system.env.DATA_DIR)).length, `files of ${uploaded} uploads (seed ${SEED})`).toBe(uploaded);
    },
    600_000,
  );
});
