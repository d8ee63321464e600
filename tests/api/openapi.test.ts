// The OpenAPI document covers every route the gateway serves, and real replies validate against it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestSystem, type TestSystem } from '../src/harness';
import { OpenApiCheck, type Exchange } from '../src/openapi-check';
import type { OpenApiDocument } from '../src/openapi-routes';

type Doc = OpenApiDocument;

describe('OpenAPI document, docs page and metrics', () => {
  let system: TestSystem;
  let doc: Doc;
  let key: string;
  let check: OpenApiCheck;

  beforeAll(async () => {
    system = await startTestSystem('embedded');
    doc = (await (await fetch(`${system.url}/api/v2/openapi.json`)).json()) as Doc;
    check = new OpenApiCheck(doc);
    key = (await system.api.login('admin', ADMIN_PASSWORD)).key;
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('is OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('documents every route the gateway registers', () => {
    const undocumented = system.app.airwaveRoutes
      .filter((route) => !route.url.startsWith('/api/docs') && route.url !== '*' && route.url !== '/api/v2/*')
      // The station console's page and assets (the gateway's console plugin) are not API routes.
      .filter((route) => !['/', '/*', '/assets/*'].includes(route.url))
      .filter((route) => {
        const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
        return !doc.paths[path]?.[route.method.toLowerCase()];
      })
      .map((route) => `${route.method} ${route.url}`);
    expect(undocumented).toEqual([]);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(20);
  });

  const exchange = (method: string, path: string, status: number, replyText: string, more: Partial<Exchange> = {}): Exchange => ({
    method,
    url: new URL(`${system.url}${path}`),
    headers: {},
    status,
    replyHeaders: new Headers({ 'content-type': 'application/json; charset=utf-8' }),
    replyText,
    ...more,
  });
  const validate = (method: string, path: string, status: number, text: string) => {
    const route = check.route(method.toUpperCase(), new URL(`${system.url}${path}`));
    expect(route?.template, `${method} ${path} is documented`).toBe(path);
    expect(check.reply(route!, exchange(method.toUpperCase(), path, status, text)), `${method} ${path} ${status}`).toEqual([]);
  };

  it('tells a reply or request the document does not describe (the traffic check of every suite)', () => {
    const uid = check.route('GET', new URL(`${system.url}/api/v2/account/uid`))!;
    expect(check.reply(uid, exchange('GET', '/api/v2/account/uid', 200, '{"status":true,"msg":"OK","data":{"id":"1"}}')).join()).toMatch(/data.*must/);
    expect(check.reply(uid, exchange('GET', '/api/v2/account/uid', 418, '{}')).join()).toMatch(/status 418 is not documented/);
    expect(check.request(uid, exchange('GET', '/api/v2/account/uid', 200, '')).join()).toMatch(/no credentials/);
    const search = check.route('GET', new URL(`${system.url}/api/v2/media/search?q=rock&l=x`))!;
    expect(search.template).toBe('/api/v2/media/search');
    const sent = exchange('GET', '/api/v2/media/search?q=rock&l=x', 200, '', { headers: { authorization: 'Bearer k' } });
    expect(check.request(search, sent).join()).toMatch(/query parameter l: must be integer/);
    const login = check.route('POST', new URL(`${system.url}/api/v2/account/login`))!;
    const body = exchange('POST', '/api/v2/account/login', 200, '', { headers: { 'content-type': 'application/json' }, body: '{"username":"a"}' });
    expect(check.request(login, body).join()).toMatch(/must have required property 'password'/);
  });

  it('validates sample replies against the document', async () => {
    const samples: [string, string, () => Promise<{ status: number; text: string }>][] = [
      ['post', '/api/v2/account/login', () => system.api.post('/account/login', { body: { username: 'admin', password: ADMIN_PASSWORD } })],
      ['post', '/api/v2/account/login', () => system.api.post('/account/login', { body: { username: 'admin', password: 'wrong' } })],
      ['get', '/api/v2/account/uid', () => system.api.get('/account/uid', { key })],
      ['get', '/api/v2/account/uid', () => system.api.get('/account/uid')],
      ['get', '/api/v2/account/settings', () => system.api.get('/account/settings', { key })],
      ['get', '/api/v2/account/permissions', () => system.api.get('/account/permissions', { key })],
      ['get', '/api/v2/users', () => system.api.get('/users', { key })],
      ['get', '/api/v2/users/groups', () => system.api.get('/users/groups', { key })],
      ['post', '/api/v2/account/key', () => system.api.post('/account/key', { key, body: { name: 'doc', permissions: [['GET', '/account/uid']] } })],
      ['get', '/api/v2/account/key', () => system.api.get('/account/key', { key })],
      ['get', '/api/v2/ping', () => system.api.get('/ping')],
    ];
    for (const [method, path, call] of samples) {
      const reply = await call();
      validate(method, path, reply.status, reply.text);
    }
  });

  it('serves the interactive docs page', async () => {
    const response = await fetch(`${system.url}/api/docs/`, { redirect: 'follow' });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/swagger/i);
  });

  it('exposes Prometheus metrics with request counts and bus latency', async () => {
    await system.api.get('/account/uid', { key });
    // GET /account/uid is answered from the session; the settings cross the bus.
    await system.api.get('/account/settings', { key });
    const text = await (await fetch(`${system.url}/metrics`)).text();
    expect(text).toMatch(/airwave_http_requests_total\{[^}]*route="\/api\/v2\/account\/uid"[^}]*status="200"[^}]*\} \d+/);
    expect(text).toMatch(/airwave_http_request_duration_seconds_bucket/);
    expect(text).toMatch(/airwave_bus_request_duration_seconds_count\{[^}]*subject="account.settings.get"/);
    expect(text).toMatch(/airwave_db_pool_connections/);
    expect(text).toMatch(/airwave_session_store_errors_total/);
  });

  it('carries the trace context to the reply and continues a caller trace', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await fetch(`${system.url}/api/v2/ping`, { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
    expect(response.headers.get('traceparent')).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    const fresh = await fetch(`${system.url}/api/v2/ping`, { headers: { traceparent: 'garbage' } });
    expect(fresh.headers.get('traceparent')).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  });
});
