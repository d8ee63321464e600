// On air through crashes, listened to (issue 41): the embedded default in its own process, as
// `pnpm start` runs it, airing through Liquidsoap to a private Icecast a playlist show of MP3 and
// Ogg Vorbis tones made by real encoders (fractional lengths, encoder delay) back to back, then a
// station ID loop of 3.4 s as the default playlist. Mid-item, three crashes, each as SIGKILL:
//   1. the player's Liquidsoap (a warm spare takes over);
//   2. the server (its Liquidsoap airs on until the restarted server, which takes the player over
//      at once, replaces it);
//   3. the server and the player's Liquidsoap together (the restarted server adopts the spare the
//      dead one left).
// The mount is recorded across its outages and every 10 ms compared with the rundown
// (crash-scenario.ts): time off air after each kill, the offset the item resumed at, every
// transition's error after the stream's constant latency, any audio the rundown does not have
// (a burst of the default playlist between items), and cuts the schedule did not ask for.
// Figures: BENCHMARKS.md, "On air through crashes" (bench/onair-crash.ts).
import { haveTools } from '@airwave/playout-testing/listen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limit } from '../../vitest.shared';
import { describeFigures, runCrashScenario, type CrashFigures } from './crash-scenario';

const missing = await haveTools();
if (missing.length && process.env.CI) throw new Error(`the crash listening test needs ${missing.join(', ')} (apt-get install liquidsoap icecast2 ffmpeg sox)`);

/** PLAYOUT_ENGINE_GRACE_MS's default: how long a killed server's Liquidsoap airs on. */
const GRACE_MS = 30_000;
/** The server's restart after a SIGKILL on an idle machine of CI's kind (3.6 s in issue 41's clean-clone runs). */
const IDLE_RESTART_MS = 3600;
/**
 * How much slower than idle this run's machine was, as the restart itself measured it (at least 1):
 * the takeover's 2 s scale with it, as limit() scales with the load vitest saw when it started
 * (a slow day's CI restarted the server in 5.6 s and took over in 2.45 s).
 */
const slownessOf = (f: CrashFigures['kills'][number]) => Math.max(1, (f.kill.restartMs ?? IDLE_RESTART_MS) / IDLE_RESTART_MS);

describe.skipIf(missing.length > 0)('on air through crashes, listened to (the embedded default in its own process)', () => {
  let figures: CrashFigures;

  beforeAll(async () => {
    figures = await runCrashScenario({ keep: Boolean(process.env.CRASH_KEEP) });
  }, limit(400_000));

  afterAll(() => {
    if (figures) process.stdout.write(`${describeFigures(figures)}\n`);
  });

  it("is back on air within 2 s of each kill, at the item's offset", () => {
    expect(figures.kills.map((f) => f.kill.name)).toEqual(['liquidsoap', 'server', 'both']);
    for (const f of figures.kills) {
      expect(f.stepErrorMs, `${f.kill.name}: the change of tone`).toBeDefined();
      // (on a very busy machine a restart can outlast the item's first tone: then the tone heard
      // on the way back is what is judged, as part of the time off air)
      if (f.stepErrorMs !== null) expect(Math.abs(f.stepErrorMs!), `${f.kill.name}: the offset it resumed at`).toBeLessThan(limit(100));
    }
    const [liquidsoap, server, both] = figures.kills;
    expect(liquidsoap!.offAirMs).toBeLessThan(limit(2000));
    // the killed server's Liquidsoap airs on for its grace: a restart within it takes over without
    // a gap (a slower one, on a very busy machine, leaves the time past the grace off air)
    expect(server!.offAirMs).toBeLessThan(Math.max(0, server!.kill.restartMs! - GRACE_MS) + limit(2000) * slownessOf(server!));
    // with the server dead too, nothing airs until it is back: within 2 s of it answering again (its
    // new Liquidsoap starts then, so those 2 s scale with the restart's slowness as the takeover's do:
    // a clean-clone CI run heard 2.15 s after a restart of 7.2 s, and 2.2 s after one of 8.4 s)
    expect(both!.offAirMs).toBeLessThan(both!.kill.restartMs! + limit(2000) * slownessOf(both!));
  });

  it('airs every transition of the rundown on time, MP3 and Ogg back to back, after the constant latency', () => {
    expect(figures.transitions.missed).toEqual([]);
    expect(figures.transitions.matched).toBeGreaterThanOrEqual(6);
    expect(figures.transitions.max).toBeLessThan(limit(60));
  });

  it('airs nothing the rundown does not have between items (no burst of the default playlist)', () => {
    expect(figures.unplanned.filter((r) => r.to - r.from >= 20)).toEqual([]);
  });

  it('changes nothing on air when the rundown is read again unchanged, nor when a restarted engine takes over (no spurious cut)', () => {
    expect(figures.spurious.map((line) => line.slice(0, 300))).toEqual([]);
  });
});
