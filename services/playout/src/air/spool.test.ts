// The as-run spool: entries on disk before they are sent, sent in order once the log answers, and
// kept across a restart: a clean stop's leftovers are adopted by the next process at once, a dead
// process's once its file is stale, a live one's never; refused entries are dropped, not retried.
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInProcessBus, type Bus } from '@airwave/bus';
import { AirwaveError, playerSync } from '@airwave/contracts';
import { createLogger } from '@airwave/logging';
import { bindOperation } from '@airwave/service-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AsRunSpool, type AsRunEntry } from './spool';

const logger = createLogger({ level: 'silent' });
const entry = (second: number, media_id = 4): AsRunEntry => ({ media_id, artist: 'A', title: 'T', timestamp: `${1_795_000_000 + second}.000`, context: 'show', emerg_id: 0, notes: '' });

describe('the as-run spool', () => {
  let bus: Bus;
  let dir: string;
  /** What the log took, by player; `down` answers unavailable, `refuse` not_found for those players. */
  const log = { taken: [] as Array<[number, string]>, down: false, refuse: new Set<number>() };
  const spools: AsRunSpool[] = [];
  const open = (staleMs?: number) => {
    const spool = new AsRunSpool({ dir, bus, logger, staleMs });
    spools.push(spool);
    return spool;
  };
  const files = async () => (await readdir(dir)).filter((name) => name.endsWith('.jsonl'));

  beforeAll(async () => {
    bus = await createInProcessBus({ prefix: 'asrun-spool-test' });
    await bindOperation(bus, playerSync.appendAsRun, async ({ player_id, entries }) => {
      if (log.down) throw new AirwaveError('unavailable', 'down');
      if (log.refuse.has(player_id)) throw new AirwaveError('not_found', 'no such player');
      for (const e of entries) log.taken.push([player_id, e.timestamp]);
      return { added: entries.length, ended: 0, skipped: 0 };
    });
  });
  afterEach(async () => {
    for (const spool of spools.splice(0)) spool.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    Object.assign(log, { taken: [], down: false, refuse: new Set() });
  });
  afterAll(() => bus.drain());

  const fresh = async () => (dir = await mkdtemp(join(tmpdir(), 'asrun-spool-')));

  it('writes each entry to disk before it is sent, and sends them in order, player by player', async () => {
    await fresh();
    log.down = true;
    const spool = open();
    spool.append(5, entry(0));
    spool.append(6, entry(1));
    spool.append(5, entry(2));
    await spool.deliver();
    expect(spool.queued()).toBe(3);
    expect(spool.queued(5)).toBe(2);
    const [file] = await files();
    expect((await readFile(join(dir, file!), 'utf8')).trim().split('\n').map((line) => (JSON.parse(line) as { player_id: number }).player_id)).toEqual([5, 6, 5]);
    log.down = false;
    await spool.deliver();
    expect(log.taken).toEqual([[5, '1795000000.000'], [6, '1795000001.000'], [5, '1795000002.000']]);
    expect(spool.queued()).toBe(0);
    expect(await readFile(join(dir, file!), 'utf8')).toBe('');
  });

  it('leaves what waits at a clean stop to the next process, which sends it at once', async () => {
    await fresh();
    log.down = true;
    const before = open();
    before.append(5, entry(0));
    before.append(5, entry(60));
    await before.deliver();
    before.close();
    log.down = false;
    const after = open();
    expect(after.queued()).toBe(2);
    after.append(5, entry(120));
    await after.deliver();
    expect(log.taken.map(([, at]) => at)).toEqual(['1795000000.000', '1795000060.000', '1795000120.000']);
    expect(await files()).toHaveLength(1); // the first process's file is gone
  });

  it("adopts a dead process's file once it is stale, never a live one's", async () => {
    await fresh();
    log.down = true;
    const live = open(60_000);
    live.append(7, entry(0));
    // A process that died: its file, not touched for a minute, ending with a line cut short.
    const dead = join(dir, '1795000000000-dead.jsonl');
    await writeFile(dead, `${JSON.stringify({ player_id: 8, entry: entry(1) })}\n{"player_id":8,"ent`);
    const old = new Date(Date.now() - 61_000);
    await utimes(dead, old, old);
    const next = open(60_000);
    expect(next.queued()).toBe(1);
    expect(next.queued(8)).toBe(1);
    expect(live.queued()).toBe(1);
    log.down = false;
    await next.deliver();
    expect(log.taken).toEqual([[8, '1795000001.000']]);
    expect(next.adopt(Date.now() + 30_000)).toBe(0); // the live spool's file is fresh: left alone
  });

  it('drops entries the log refuses (a player gone) and sends the others', async () => {
    await fresh();
    log.refuse.add(9);
    const spool = open();
    spool.append(9, entry(0));
    spool.append(5, entry(1));
    await spool.deliver();
    expect(log.taken).toEqual([[5, '1795000001.000']]);
    expect(spool.queued()).toBe(0);
  });

  it('keeps entries in memory only without a directory', async () => {
    log.down = true;
    const spool = new AsRunSpool({ dir: null, bus, logger });
    spool.append(5, entry(0));
    await spool.deliver();
    expect(spool.queued()).toBe(1);
    log.down = false;
    await spool.deliver();
    expect(log.taken).toEqual([[5, '1795000000.000']]);
    spool.close();
  });
});
