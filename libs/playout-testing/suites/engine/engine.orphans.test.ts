// Liquidsoap never outlives the service that drives it: a service killed with SIGKILL leaves its
// processes (the one on air and the spare) without a heartbeat, and they end themselves within
// their grace, leaving the mount; and a process that stops answering (SIGSTOP, a hang) is killed by
// the watchdog and a spare takes its player at once. Needs liquidsoap, icecast2, ffmpeg and sox.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiquidsoapEngine, LiquidsoapPool, thisOwner, type PlannedItem, type TrackEvent } from '@airwave/playout/engine';
import { limit } from '../../../../vitest.shared';
import { haveTools, makeTone, startIcecast, type PrivateIcecast } from '../../src/listen';

const missing = await haveTools();
if (missing.length && process.env.CI) throw new Error(`the playout orphan test needs ${missing.join(', ')}`);

/** Whether a process runs (a zombie, ended but not yet reaped by init, does not). */
const runs = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat[stat.lastIndexOf(')') + 2] !== 'Z';
};
const mountAnswers = async (url: string) => {
  const res = await fetch(url, { signal: AbortSignal.timeout(1000) }).catch(() => null);
  await res?.body?.cancel().catch(() => undefined);
  return res?.status === 200;
};

async function recordedPids(runDir: string): Promise<number[]> {
  const names = (await readdir(runDir).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
  return Promise.all(names.map(async (n) => (JSON.parse(await readFile(join(runDir, n), 'utf8')) as { pid: number }).pid));
}

describe.skipIf(missing.length > 0)('Liquidsoap processes whose service is gone or who stop answering', () => {
  let dir: string;
  let ice: PrivateIcecast;
  let tone: string;
  const hosts: ReturnType<typeof spawn>[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'airwave-engine-orphans-'));
    ice = await startIcecast();
    tone = await makeTone(join(dir, 'tone.wav'), 880, 600, { channels: 1, rate: 22050 });
  }, limit(60_000));

  afterAll(async () => {
    for (const host of hosts) host.kill('SIGKILL');
    await ice?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('end themselves within their grace when their service is killed', async () => {
    const runDir = join(dir, 'run');
    const host = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'fixtures/engine-host.ts'), runDir, String(ice.port), ice.sourcePassword, tone], { stdio: ['ignore', 'pipe', 'inherit'] });
    hosts.push(host);
    await new Promise<void>((resolve, reject) => {
      host.stdout.on('data', (d: Buffer) => d.toString().includes('ON AIR') && resolve());
      host.once('exit', (code) => reject(new Error(`the engine host exited (${code})`)));
    });
    await expect.poll(async () => (await recordedPids(runDir)).length, { timeout: limit(60_000), interval: 250 }).toBe(2);
    const pids = await recordedPids(runDir);
    await expect.poll(() => mountAnswers(ice.url('/orphans')), { timeout: limit(10_000), interval: 250 }).toBe(true);
    host.kill('SIGKILL');
    const killed = Date.now();
    await expect.poll(() => mountAnswers(ice.url('/orphans')), { timeout: limit(15_000), interval: 100 }).toBe(false);
    const offMount = Date.now() - killed;
    await expect.poll(() => pids.filter(runs), { timeout: limit(15_000), interval: 100 }).toEqual([]);
    const gone = Date.now() - killed;
    process.stdout.write(`service killed: its Liquidsoap left the mount ${offMount} ms later and both processes had ended ${gone} ms later (grace 3000 ms)\n`);
    // on air until the grace ends (a restarted service can take over meanwhile), then gone, never for good
    expect(offMount).toBeGreaterThan(2500);
    expect(offMount).toBeLessThan(3000 + limit(4000));
    expect(gone).toBeLessThan(3000 + limit(15_000));
  }, limit(120_000));

  it('adopts a spare that was still starting when its service was killed, instead of starting another', async () => {
    const runDir = join(dir, 'run-starting');
    const host = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'fixtures/spare-host.ts'), runDir], { stdio: ['ignore', 'inherit', 'inherit'] });
    hosts.push(host);
    // killed as soon as its spare is recorded: Liquidsoap takes seconds to start, so it is still starting
    await expect.poll(async () => (await recordedPids(runDir)).length, { timeout: limit(30_000), interval: 20 }).toBe(1);
    // dead before the next service starts, as a restarted one finds it (a kill is not at once: on a
    // busy machine the adopter saw the host alive, its spare not an orphan, and started another)
    const dead = new Promise((resolve) => host.once('exit', resolve));
    host.kill('SIGKILL');
    await dead;
    const [name] = (await readdir(runDir)).filter((n) => n.endsWith('.json'));
    const record = JSON.parse(await readFile(join(runDir, name!), 'utf8')) as { pid: number; dir: string };
    expect(existsSync(join(record.dir, 'ctl.sock')), 'the spare had already started').toBe(false);
    const pool = new LiquidsoapPool({ binary: 'liquidsoap', runDir, owner: thisOwner('adopter'), spares: 1, graceMs: 8000, spareGraceMs: 8000, heartbeatMs: 250, watchdogMs: 5000, harborBind: '127.0.0.1', startTimeoutMs: limit(60_000) });
    try {
      await pool.start();
      pool.demand(true);
      await expect.poll(() => pool.sparePids, { timeout: limit(60_000), interval: 100 }).toEqual([record.pid]);
      expect(runs(record.pid)).toBe(true);
      expect(await recordedPids(runDir)).toEqual([record.pid]);
    } finally {
      await pool.stop();
    }
  }, limit(120_000));

  it('kills one that stops answering, and a spare takes its player at once', async () => {
    const pool = new LiquidsoapPool({ binary: 'liquidsoap', runDir: join(dir, 'run-hang'), owner: thisOwner('hang-test'), spares: 1, graceMs: 8000, spareGraceMs: 8000, heartbeatMs: 250, watchdogMs: 1500, harborBind: '127.0.0.1', startTimeoutMs: limit(60_000) });
    await pool.start();
    const engine = new LiquidsoapEngine({ playerId: 22, pool });
    const events: TrackEvent[] = [];
    engine.onTrack((e) => events.push(e));
    try {
      const start = Date.now() + 2000;
      const item: PlannedItem = { key: 'long:1', kind: 'file', path: tone, media_id: 1, title: 'long', artist: 'test', start, duration: 120_000, cue_in: 0, gain_db: 0, crossfade: 0, hard: false, context: 'show', show_id: 1, show_name: 'hang' };
      await engine.update({ player_id: 22, items: [item], fallback: [] });
      await engine.start({ host: '127.0.0.1', port: ice.port, mount: '/hang', password: ice.sourcePassword });
      await expect.poll(() => events.some((e) => e.key === 'long:1' && e.kind === 'start'), { timeout: limit(30_000), interval: 100 }).toBe(true);
      await expect.poll(() => pool.sparePids.length, { timeout: limit(60_000), interval: 250 }).toBe(1);
      const hung = engine.pid!;
      process.kill(hung, 'SIGSTOP');
      const stopped = Date.now();
      await expect.poll(() => engine.pid !== undefined && engine.pid !== hung && events.filter((e) => e.key === 'long:1' && e.kind === 'start').length >= 2, { timeout: limit(15_000), interval: 50 }).toBe(true);
      const back = Date.now() - stopped;
      process.stdout.write(`hung Liquidsoap: killed and its item resumed on a spare ${back} ms after it stopped answering (watchdog 1500 ms)\n`);
      expect(back).toBeLessThan(limit(1500 + 2000));
      await expect.poll(() => runs(hung), { timeout: limit(5000), interval: 100 }).toBe(false);
      // it resumed at its offset: the second start is the item's, later than its first
      const starts = events.filter((e) => e.key === 'long:1' && e.kind === 'start');
      expect(starts[1]!.at - starts[0]!.at).toBeGreaterThan(1500);
    } finally {
      await engine.stop();
      await pool.stop();
    }
  }, limit(120_000));
});
