import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import bodyParsing, { jsonDepthExceeds, MAX_JSON_DEPTH } from './body-parsing';
import { bareGateway } from './test-support';

describe('body parsing', () => {
  let app: FastifyInstance;
  afterEach(() => app.close());

  async function start() {
    app = await bareGateway();
    await app.register(bodyParsing);
    app.post('/echo', async (request) => ({ body: request.body }));
    return app;
  }

  it('reads JSON and form bodies as plain objects', async () => {
    await start();
    const json = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'Morning Show', x_data: 2 } });
    expect(json.json()).toEqual({ body: { name: 'Morning Show', x_data: 2 } });
    const form = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'i=4&k=abc&d=%7B%22name%22%3A%22Drive%22%7D',
    });
    expect(form.json()).toEqual({ body: { i: '4', k: 'abc', d: '{"name":"Drive"}' } });
  });

  it(`refuses JSON nested deeper than ${MAX_JSON_DEPTH} levels, and prototype poisoning, with 400`, async () => {
    await start();
    const deep = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: `${'['.repeat(101)}${']'.repeat(101)}` });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({ status: false, data: { code: 'bad_request' } });
    const fine = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: `{"a":${'['.repeat(99)}${']'.repeat(99)}}` });
    expect(fine.statusCode).toBe(200);
    const poisoned = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"admin":true}}' });
    expect(poisoned.statusCode).toBe(400);
    const broken = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect([broken.statusCode, broken.json().msg]).toEqual([400, 'The request body is not valid JSON.']);
  });

  it('refuses a content type it does not read', async () => {
    await start();
    const reply = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().msg).toBe('Unsupported content type; send JSON.');
  });
});

describe('jsonDepthExceeds', () => {
  it('counts nesting outside strings only', () => {
    expect(jsonDepthExceeds(`${'['.repeat(101)}${']'.repeat(101)}`, 100)).toBe(true);
    expect(jsonDepthExceeds(`${'{"a":'.repeat(100)}1${'}'.repeat(100)}`, 100)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ a: '['.repeat(500), b: '\\"[[[[' }), 100)).toBe(false);
    expect(jsonDepthExceeds(`{"a":"\\"${'['.repeat(200)}"}`, 100)).toBe(false);
  });
});
