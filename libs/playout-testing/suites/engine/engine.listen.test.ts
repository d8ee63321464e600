// The engine, listened to: a plan of tones aired through Liquidsoap to a private Icecast, the
// mount recorded with ffmpeg, the tone found every 50 ms, and every transition compared with the
// plan after the stream's constant latency (src/listen/scenario.ts). Needs liquidsoap, icecast2,
// ffmpeg and sox (.ci/run installs them); without them it is skipped, except under CI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limit } from '../../../../vitest.shared';
import { haveTools, misplacedTitles, runListeningScenario, unseenTitles, type ScenarioResult } from '../../src/listen';

const missing = await haveTools();
if (missing.length && process.env.CI) throw new Error(`the listening test needs ${missing.join(', ')} (apt-get install liquidsoap icecast2 ffmpeg sox)`);
if (missing.length) process.stderr.write(`skipping the playout listening test: ${missing.join(', ')} not on the PATH (apt-get install liquidsoap icecast2 ffmpeg sox)\n`);

describe.skipIf(missing.length > 0)('the Liquidsoap engine, listened to', () => {
  let result: ScenarioResult;
  const log: string[] = [];

  beforeAll(async () => {
    result = await runListeningScenario({ startTimeoutMs: limit(30_000), log: (m) => log.push(m) });
  }, limit(150_000));

  afterAll(() => {
    if (!result) return;
    const lines = result.matched.map((m) => `${m.expected.label}: ${m.error === undefined ? 'not heard' : `${Math.round(m.error)} ms`}`);
    process.stdout.write(`latency ${Math.round(result.latency)} ms; largest error ${Math.round(result.maxError)} ms\n${lines.join('\n')}\n`);
  });

  it('airs every transition of the plan on time, after the constant latency', () => {
    const unheard = result.matched.filter((m) => m.heard === undefined).map((m) => m.expected.label);
    expect(unheard).toEqual([]);
    expect(result.maxError).toBeLessThan(limit(500));
    expect(result.latency).toBeGreaterThanOrEqual(0);
    expect(result.latency).toBeLessThan(limit(2000));
  });

  // Asked every 250 ms: every answer names what airs at that moment (a change may be seen up to
  // 300 ms early or late, beyond the answer's own time), and every item of 1 s or more is named.
  it("shows the item on air as Icecast's title, changing when the item starts", () => {
    const { titles, titleSchedule } = result;
    expect(titles.length).toBeGreaterThan(30); // of about 120 asked; fewer when answers are slow
    expect(misplacedTitles(titles, titleSchedule, limit(300))).toEqual([]);
    expect(unseenTitles(titles, titleSchedule, titleSchedule[0]!.from + 31_000, 1000).map((g) => g.label)).toEqual([]);
  });

  it('never falls silent where nothing scheduled it', () => {
    expect(result.silences.filter((s) => s.to - s.from > 2000)).toEqual([]);
  });

  it("reports what aired from Liquidsoap's own track events, and the missing file as skipped", () => {
    const { items } = result.plan;
    const starts = (key: string) => result.events.filter((e) => e.kind === 'start' && e.key === key);
    for (const item of items.filter((i) => i.kind === 'file' && !i.path?.endsWith('missing.wav'))) {
      const first = starts(item.key)[0];
      expect(first, item.title).toBeDefined();
      // the item under way when planned starts when it was pushed; every other at its instant
      if (item.start > items[1]!.start - 1) expect(Math.abs(first!.at - item.start), item.title).toBeLessThan(limit(250));
    }
    expect(starts(items[10]!.key)).toEqual([]); // the live show nobody connected to
    expect(Math.abs(starts(items[7]!.key)[0]!.at - items[7]!.start)).toBeLessThan(limit(500));
    const alert = starts(items[6]!.key)[0]!;
    expect(alert.context).toBe('emerg');
    const skip = result.events.find((e) => e.kind === 'skip');
    expect(skip).toMatchObject({ key: items[8]!.key, kind: 'skip' });
    expect(skip!.at - items[8]!.start).toBeLessThan(limit(1000));
    expect(result.events.some((e) => e.kind === 'start' && e.context === 'fallback' && Math.abs(e.at - items[8]!.start) < limit(250))).toBe(true);
  });
});
