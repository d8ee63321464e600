// The events catalog (docs/events.md): the AsyncAPI 3 document the gateway serves parses with the
// AsyncAPI parser without errors, passes Spectral's `spectral:asyncapi` ruleset, lists every event of the registry with its subject, description
// and payload schema, and real events (from the outbox, over the bus) validate against it.
import { Parser } from '@asyncapi/parser';
import Ajv from 'ajv';
import { eventDescriptions, eventRegistry } from '@airwave/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestSystem, type TestSystem } from '../src/harness';
import { spectralAsyncApiProblems } from '../src/openapi-lint';
import { limit } from '../../vitest.shared';

type Doc = { asyncapi: string; info: { license: unknown; contact: unknown }; channels: Record<string, { address: string; description: string }>; components: { messages: Record<string, { name: string; payload: object }> } };

describe('the events as AsyncAPI', () => {
  let system: TestSystem;
  let doc: Doc;
  beforeAll(async () => {
    system = await startTestSystem('embedded');
    doc = (await (await fetch(`${system.url}/api/v2/asyncapi.json`)).json()) as Doc;
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('parses with the AsyncAPI parser, without errors or warnings', async () => {
    const { document, diagnostics } = await new Parser().parse(JSON.stringify(doc));
    expect(diagnostics.filter((d) => d.severity <= 1).map((d) => `${d.code} ${d.message} at ${d.path.join('.')}`)).toEqual([]);
    expect(document?.version()).toBe('3.1.0');
    expect(document!.channels().length).toBe(Object.keys(eventRegistry).length);
  });

  it("passes Spectral (spectral:asyncapi), with the project's licence and contact", async () => {
    const problems = await spectralAsyncApiProblems(doc);
    expect(problems.map((p) => `${p.severity} ${p.rule} at ${p.where}: ${p.message}`)).toEqual([]);
    expect(doc.info.license).toEqual({ name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' });
    expect(doc.info.contact).toEqual({ name: 'Airwave', url: `${system.url}/api/docs` });
  });

  it('lists every registry entry with its subject, its description and its payload', () => {
    for (const type of Object.keys(eventRegistry)) {
      const id = type.replace(/\./g, '_');
      expect(doc.channels[id]?.address, type).toBe(`{prefix}.events.${type}`);
      // Every event says when it happens, in its own words (not only the generic summary).
      expect(eventDescriptions[type], type).toBeTruthy();
      expect(doc.channels[id]!.description).toBe(eventDescriptions[type]);
      expect(doc.components.messages[id]?.name).toBe(type);
    }
  });

  it('describes real events: those a change publishes validate against their message', async () => {
    const received: { subject: string; data: unknown }[] = [];
    await system.infrastructure[0]!.bus.subscribe('>', (event) => {
      received.push(event);
    }, { durable: 'asyncapi-test', deliverFrom: 'all' });
    const admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    const player = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Catalog FM', timezone: 'UTC' } })).body.data.id;
    await system.api.post('/users', { key: admin, body: { username: 'cataloged', password: 'cataloged-pass-1' } });
    await system.api.post('/shows', { key: admin, body: { player_id: player, mode: 'once', start: '2026-06-01T08:00:00Z', duration: 600, item_type: 'live', item_id: 1 } });
    const started = Date.now();
    while (!received.some((e) => e.subject === 'scheduling.show.saved') && Date.now() - started < limit(10_000)) await new Promise((r) => setTimeout(r, 50));
    const ajv = new Ajv({ strict: false });
    const checked = new Set<string>();
    for (const event of received) {
      const message = doc.components.messages[event.subject.replace(/\./g, '_')];
      expect(message, event.subject).toBeDefined();
      const valid = ajv.validate(message!.payload, event.data);
      expect(valid, `${event.subject}: ${ajv.errorsText()}`).toBe(true);
      checked.add(event.subject);
    }
    expect([...checked]).toEqual(expect.arrayContaining(['scheduling.player.saved', 'account.user.created', 'scheduling.show.saved']));
  });
});
