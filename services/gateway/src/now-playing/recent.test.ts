// What a resuming client is sent: the events after its Last-Event-ID while every one of them is
// held, nothing to guess otherwise (null: send the state).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lastEventIdOf, RecentEvents, sseFrame } from './recent';

const np = (id: number) => ({ id, event: 'now_playing' as const, data: { id } });

describe('RecentEvents', () => {
  it('answers the events after the id, of that player only', () => {
    const recent = new RecentEvents();
    for (const [player, id] of [[1, 10], [2, 11], [1, 12], [1, 14]] as const) {
      recent.received(id);
      recent.add(player, np(id));
    }
    expect(recent.after(1, 10)?.map((e) => e.id)).toEqual([12, 14]);
    expect(recent.after(1, 14)).toEqual([]);
    expect(recent.after(2, 10)?.map((e) => e.id)).toEqual([11]);
    expect(recent.after(3, 12)).toEqual([]);
  });

  it('answers null for an id from before it began following, or before a gap of the player', () => {
    const recent = new RecentEvents();
    expect(recent.after(1, 5)).toBeNull();
    recent.received(20);
    recent.add(1, np(20));
    expect(recent.after(1, 18)).toBeNull();
    expect(recent.after(1, 19)?.map((e) => e.id)).toEqual([20]);
    recent.received(21);
    recent.gap(1, 21);
    recent.received(22);
    recent.add(1, np(22));
    expect(recent.after(1, 20)).toBeNull();
    expect(recent.after(1, 21)?.map((e) => e.id)).toEqual([22]);
  });

  it('keeps the last `size` events of a player; what it dropped is a gap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 31 }), (size, count, lastId) => {
        const recent = new RecentEvents(size);
        recent.received(1);
        for (let id = 1; id <= count; id += 1) recent.add(7, np(id));
        const answer = recent.after(7, lastId);
        const firstHeld = Math.max(1, count - size + 1);
        if (lastId < firstHeld - 1) expect(answer).toBeNull();
        else expect(answer?.map((e) => e.id)).toEqual(Array.from({ length: Math.max(0, count - lastId) }, (_, i) => lastId + 1 + i));
      }),
    );
  });
});

describe('sseFrame and lastEventIdOf', () => {
  it('writes one data line whatever the text holds, and an id only when there is one', () => {
    expect(sseFrame({ id: 3, event: 'asrun', data: { title: 'a\nb\r\nc' } })).toBe('id: 3\nevent: asrun\ndata: {"title":"a\\nb\\r\\nc"}\n\n');
    expect(sseFrame({ event: 'heartbeat', data: { time: 't' } })).toBe('event: heartbeat\ndata: {"time":"t"}\n\n');
  });

  it('reads our ids only', () => {
    expect(lastEventIdOf('42')).toBe(42);
    expect(lastEventIdOf(' 42 ')).toBe(42);
    for (const bad of [undefined, '', 'abc', '-1', '1e3', ['1', '2'], '1234567890123456']) expect(lastEventIdOf(bad)).toBeNull();
  });
});
