import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineRecords, ownerAlive, processRuns, processSince, recordedProcessRuns, thisOwner, type EngineRecord } from './records';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A process that runs until killed, whose command line names `marker` (as Liquidsoap's names its script). */
function sleeper(marker: string) {
  return spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)', marker], { stdio: 'ignore' });
}

describe('the records of the engine processes', () => {
  it('knows this process as a live owner, and a dead or reused pid as dead', async () => {
    const me = thisOwner('h');
    expect(me).toMatchObject({ host: hostname(), pid: process.pid, holder: 'h' });
    expect(me.since).toMatch(/^\d+$/);
    expect(await ownerAlive(me)).toBe(true);
    // the same pid started at another time is another process
    expect(await ownerAlive({ ...me, since: '1' })).toBe(false);
    const child = spawn('true');
    await new Promise((r) => child.once('exit', r));
    expect(await ownerAlive({ ...me, pid: child.pid!, since: null })).toBe(false);
    // an owner on another host is never judged dead from here
    expect(await ownerAlive({ ...me, host: 'elsewhere', pid: child.pid! })).toBe(true);
    expect(processSince(process.pid)).toBe(me.since);
    expect(processRuns(child.pid!)).toBe(false);
  });

  it("lists a dead owner's records as orphans, and ends a recorded process only when it still is that one", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'records-'));
    dirs.push(dir);
    const records = new EngineRecords(join(dir, 'run'));
    const script = join(dir, 'engine-a.liq');
    const child = sleeper(script);
    const dead = { ...thisOwner('gone'), pid: 2 ** 22 + 7, since: null };
    const record: EngineRecord = { id: 'a', pid: child.pid!, script, dir: join(dir, 'a'), owner: dead, player_id: 3, started_at: new Date().toISOString() };
    await records.write(record);
    await records.write({ ...record, id: 'b', owner: thisOwner('here') });
    await records.write({ ...record, id: 'c', owner: { ...dead, host: 'elsewhere' } });
    expect((await records.list()).map((r) => r.id).sort()).toEqual(['a', 'b']);
    expect((await records.orphans()).map((r) => r.id)).toEqual(['a']);
    // a record whose pid now belongs to another program (its command line does not name the
    // script) is never killed: only its record goes
    const other = sleeper('something else');
    const reused = { ...record, id: 'd', pid: other.pid! };
    await records.write(reused);
    expect(await recordedProcessRuns(reused)).toBe(false);
    expect(await records.end(reused)).toBe(false);
    expect(processRuns(other.pid!)).toBe(true);
    expect(await recordedProcessRuns(record)).toBe(true);
    expect(await records.end(record)).toBe(true);
    expect(processRuns(child.pid!)).toBe(false);
    expect((await records.list()).map((r) => r.id)).toEqual(['b']);
    other.kill('SIGKILL');
  });
});
