// The subscriber over the in-process bus (the same semantics as NATS: libs/bus's shared suite):
// typed payloads, one durable consumer per type shared by replicas, acks after the handler,
// redelivery on error, start from now / the beginning / a time, and events that do not match the
// contracts refused rather than handed over.
import { createInProcessBus, type Bus } from '@airwave/bus';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventTypesMatching, subscribe, type AirwaveEvent } from './index';
import { limit } from '../../../vitest.shared';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > limit(5000)) throw new Error('timed out');
    await sleep(10);
  }
}
const frame = (type: string, payload: unknown) => ({ id: crypto.randomUUID(), type, occurredAt: new Date().toISOString(), actor: { userId: 1, username: 'admin' }, payload });
/** A show as GET /shows/{id} answers it (the state its events carry). */
const show = (id: number) => ({
  id,
  player_id: 3,
  user_id: 1,
  mode: 'weekly',
  x_data: null,
  start: '2027-03-07T08:00:00+00:00',
  duration: 3600,
  stop: '2027-04-30T23:59:59+01:00',
  local_start: null,
  item_type: 'live',
  item_id: 0,
  name: null,
  description: null,
  colour: null,
  flagged: null,
  has_source_password: false,
  exceptions: [],
});
const showSaved = (id: number) => frame('scheduling.show.saved', show(id));

describe('subscribe', () => {
  let bus: Bus;
  beforeEach(() => {
    bus = createInProcessBus({ prefix: `events-${Math.random().toString(36).slice(2)}` });
  });
  afterEach(async () => {
    await bus.drain();
  });

  it('hands over typed events of the types asked for, from now on by default', async () => {
    await bus.publish('scheduling.show.saved', showSaved(1));
    const seen: AirwaveEvent<'scheduling.show.saved' | 'scheduling.show.deleted'>[] = [];
    const sub = await subscribe(bus, { durable: 'now', subjects: ['scheduling.show.saved', 'scheduling.show.deleted'] }, (event) => {
      seen.push(event);
    });
    await bus.publish('scheduling.show.saved', showSaved(2));
    await bus.publish('scheduling.show.deleted', frame('scheduling.show.deleted', show(2)));
    await bus.publish('scheduling.timeslot.saved', frame('scheduling.timeslot.saved', { ...show(9), description: 'x' }));
    await until(() => seen.length >= 2);
    await sleep(50);
    expect(seen.map((e) => [e.type, e.payload.id])).toEqual([
      ['scheduling.show.saved', 2],
      ['scheduling.show.deleted', 2],
    ]);
    const saved = seen[0]!;
    if (saved.type === 'scheduling.show.saved') expect(saved.payload.item_type).toBe('live');
    await sub.unsubscribe();
  });

  it('starts at the beginning of retention or at a time', async () => {
    await bus.publish('scheduling.show.saved', showSaved(1));
    await sleep(20);
    const since = new Date();
    await sleep(20);
    await bus.publish('scheduling.show.saved', showSaved(2));
    const all: number[] = [];
    const later: number[] = [];
    const a = await subscribe(bus, { durable: 'all', subjects: ['scheduling.show.saved'], from: 'beginning' }, (e) => void all.push(e.payload.id));
    const b = await subscribe(bus, { durable: 'since', subjects: ['scheduling.show.saved'], from: since }, (e) => void later.push(e.payload.id));
    await until(() => all.length >= 2 && later.length >= 1);
    await sleep(50);
    expect([all, later]).toEqual([[1, 2], [2]]);
    await Promise.all([a.unsubscribe(), b.unsubscribe()]);
  });

  it('redelivers an event whose handler failed, and shares a durable consumer between replicas', async () => {
    const handled: string[] = [];
    let failures = 0;
    const replica = (name: string) =>
      subscribe(bus, { durable: 'shared', subjects: ['scheduling.show.saved'] }, (event) => {
        if (event.payload.id === 7 && failures++ === 0) throw new Error('database briefly away');
        handled.push(`${name}:${event.payload.id}:${event.deliveryCount}`);
      });
    const [one, two] = await Promise.all([replica('one'), replica('two')]);
    for (const id of [5, 6, 7]) await bus.publish('scheduling.show.saved', showSaved(id));
    await until(() => handled.length >= 3);
    await sleep(100);
    expect(handled.map((h) => h.split(':')[1]).sort()).toEqual(['5', '6', '7']);
    expect(handled.find((h) => h.includes(':7:'))!.endsWith(':2')).toBe(true);
    await Promise.all([one.unsubscribe(), two.unsubscribe()]);
  });

  it('never hands over an event that does not match the contracts', async () => {
    const seen: unknown[] = [];
    const sub = await subscribe(bus, { durable: 'strict', subjects: ['scheduling.show.saved'], maxDeliver: 2 }, (event) => void seen.push(event.payload));
    await bus.publish('scheduling.show.saved', frame('scheduling.show.saved', { id: 'not a number' }));
    await bus.publish('scheduling.show.saved', showSaved(8));
    await until(() => seen.length >= 1);
    await sleep(100);
    expect(seen).toEqual([show(8)]);
    await sub.unsubscribe();
  });

  it('lists the event types of a pattern, and refuses unknown ones', async () => {
    expect(eventTypesMatching('scheduling.show.*')).toEqual(['scheduling.show.saved', 'scheduling.show.deleted', 'scheduling.show.flagged']);
    expect(eventTypesMatching('scheduling.show.>')).toContain('scheduling.show.exception.saved');
    await expect(subscribe(bus, { durable: 'x', subjects: ['no.such.event' as never] }, () => undefined)).rejects.toThrow('unknown event types');
  });
});
