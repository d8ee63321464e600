import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseEngine } from './engines';
import type { EngineFactory } from './leases/supervisor';

describe('chooseEngine', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  const factory = (binary: string) => {
    found.push(binary);
    return (() => {
      throw new Error('not started in this test');
    }) as EngineFactory;
  };
  const found: string[] = [];

  it('airs with Liquidsoap when it is on the PATH, else says how to enable it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'path-'));
    dirs.push(dir);
    expect(await chooseEngine('auto', factory, dir)).toMatchObject({ engine: null, reason: expect.stringContaining('apt-get install liquidsoap') });
    await writeFile(join(dir, 'liquidsoap'), '#!/bin/sh\n');
    await chmod(join(dir, 'liquidsoap'), 0o755);
    const chosen = await chooseEngine('auto', factory, `/nonexistent:${dir}`);
    expect(chosen).toMatchObject({ name: 'liquidsoap', reason: null });
    expect(chosen.engine).not.toBeNull();
    expect(found).toEqual([join(dir, 'liquidsoap')]);
    expect(await chooseEngine('off', factory, dir)).toMatchObject({ engine: null, reason: expect.stringContaining('PLAYOUT_ENGINE is off') });
  });
});
