import { createInProcessBus } from '@airwave/bus';
import { createLogger } from '@airwave/logging';
import { afterAll, describe, expect, it } from 'vitest';
import type { PlannedItem, TrackEvent } from '@airwave/playout/engine';
import { bindFakeScheduling, type Fixture } from '../../src/fakes/fake-scheduling';
import { AsRunRecorder, asRunEntry, emergIdOf, endOf } from '@airwave/playout/internal/air/asrun';
import { AsRunSpool } from '@airwave/playout/internal/air/spool';

const start = (key: string, at: number, context: TrackEvent['context'] = 'show', media_id: number | null = 4): TrackEvent => ({ player_id: 5, key, media_id, title: 'T', artist: 'A', context, at, kind: 'start' });

describe('as-run from track events', () => {
  it('writes the actual start with milliseconds, the context and the alert of an alert play', () => {
    expect(asRunEntry(start('1:1:0', 1_795_000_000_123))).toMatchObject({ media_id: 4, timestamp: '1795000000.123', context: 'show', emerg_id: 0 });
    expect(asRunEntry(start('alert:12:1795000000000', 1_795_000_000_000, 'emerg'))).toMatchObject({ context: 'emerg', emerg_id: 12 });
    expect(asRunEntry(start('2:1:0', 1_795_000_000_000, 'show', null))).toMatchObject({ media_id: 0, notes: 'live' });
    expect(emergIdOf('1:2:3')).toBe(0);
  });

  it('names the show the play aired in, as the plan names it (none when the plan knows none)', () => {
    const planned = { show_name: 'The Breakfast Show' } as PlannedItem;
    expect(asRunEntry(start('1:1:0', 1_795_000_000_123), planned)).toMatchObject({ show_name: 'The Breakfast Show' });
    expect(asRunEntry(start('1:1:0', 1_795_000_000_123))).not.toHaveProperty('show_name');
  });

  it('gives a play its actual end, never before its start', () => {
    const entry = asRunEntry(start('1:1:0', 1_795_000_000_123));
    expect(endOf(entry, 1_795_000_181_456)).toEqual({ ...entry, end: '1795000181.456' });
    expect(endOf(entry, 1_795_000_000_000).end).toBe('1795000000.123');
  });

  const buses: { drain(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const bus of buses) await bus.drain();
  });

  it('keeps entries in order while the log does not answer, and sends them once it does', async () => {
    const bus = await createInProcessBus({ prefix: 'asrun-test' });
    buses.push(bus);
    const fixture = { asRun: [], asRunDown: true } as unknown as Fixture;
    await bindFakeScheduling(bus, fixture);
    const logger = createLogger({ level: 'silent' });
    const recorder = new AsRunRecorder(5, bus, logger, new AsRunSpool({ dir: null, bus, logger }));
    recorder.record(start('a', 1_795_000_000_000), undefined);
    recorder.record({ ...start('b', 1_795_000_060_000), kind: 'end' }, undefined);
    recorder.record(start('c', 1_795_000_060_000), undefined);
    await recorder.flush();
    expect(recorder.queued).toBe(2);
    fixture.asRunDown = false;
    await recorder.flush();
    expect(recorder.queued).toBe(0);
    expect(fixture.asRun.map((e) => e.timestamp)).toEqual(['1795000000.000', '1795000060.000']);
  });

  it('tells now playing the next item at once when it starts while the last entries are being sent (a cut)', async () => {
    const bus = await createInProcessBus({ prefix: 'asrun-now-test' });
    buses.push(bus);
    const fixture = { asRun: [], asRunDown: false, nowPlaying: [], asRunDelayMs: 50 } as unknown as Fixture;
    await bindFakeScheduling(bus, fixture);
    const logger = createLogger({ level: 'silent' });
    const recorder = new AsRunRecorder(5, bus, logger, new AsRunSpool({ dir: null, bus, logger }));
    recorder.record(start('a', 1_795_000_000_000, 'show', 4), undefined);
    // the cut: the end of a and the start of b, the second while the first is on its way
    recorder.record({ ...start('a', 1_795_000_010_000, 'show', 4), kind: 'end' }, undefined);
    const sending = recorder.flush();
    // b's start comes while a's end is on its way to the log (it takes 50 ms to answer)
    await new Promise((r) => setTimeout(r, 10));
    recorder.record(start('b', 1_795_000_010_000, 'show', 7), undefined);
    await sending;
    expect(fixture.nowPlaying!.at(-1)).toBe(7);
    expect(recorder.queued).toBe(0);
  });

  it("sends a play's end as its entry with the end, once, for the plays it saw start", async () => {
    const bus = await createInProcessBus({ prefix: 'asrun-end-test' });
    buses.push(bus);
    const fixture = { asRun: [], asRunDown: false } as unknown as Fixture;
    await bindFakeScheduling(bus, fixture);
    const logger = createLogger({ level: 'silent' });
    const recorder = new AsRunRecorder(5, bus, logger, new AsRunSpool({ dir: null, bus, logger }));
    recorder.record(start('a', 1_795_000_000_000), undefined);
    recorder.record({ ...start('a', 1_795_000_090_500), kind: 'end' }, undefined);
    recorder.record({ ...start('a', 1_795_000_091_000), kind: 'end' }, undefined);
    recorder.record(start('b', 1_795_000_090_500), undefined);
    await recorder.flush();
    await recorder.flush();
    expect(fixture.asRun.map((e) => [e.timestamp, e.end])).toEqual([
      ['1795000000.000', '1795000090.500'],
      ['1795000090.500', undefined],
    ]);
  });
});
