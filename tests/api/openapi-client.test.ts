// A client generated from the served document with mainstream tools (openapi-typescript for the
// types, openapi-fetch for the calls): the types are generated here, fixtures/openapi-client/
// calls.ts is type-checked against them, then it runs against the server (its traffic checked
// against the document like every suite's): login, settings, an upload and its media item, a
// ranged download, a simple and an advanced search, a timeslot list.
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestSystem, type TestSystem } from '../src/harness';
import { wav } from '../src/files';
import { checkedFetch } from '../src/openapi-traffic';
import { limit } from '../../vitest.shared';

const tests = resolve(import.meta.dirname, '..');
// Inside the tests package, so that the copy imports openapi-fetch from its node_modules.
const dir = join(tests, `.openapi-client-${randomBytes(4).toString('hex')}`);

function typeErrors(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noUncheckedIndexedAccess: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
    noEmit: true,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('a client generated from the document (openapi-typescript + openapi-fetch)', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await startTestSystem('embedded');
    const key = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    const player = (await system.api.post<{ id: number }>('/players', { key, body: { name: 'FM', timezone: 'Europe/London' } })).body.data.id;
    const start = new Date(Date.now() + 86_400_000).toISOString();
    const slot = await system.api.post('/timeslots', { key, body: { user_id: 1, player_id: player, mode: 'once', start, duration: 3600 } });
    expect(slot.status, slot.text).toBe(200);
    await mkdir(dir, { recursive: true });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await system?.stop();
  });

  it('generates types the calls type-check against, and the calls work', { timeout: limit(120_000) }, async () => {
    const doc = (await (await fetch(`${system.url}/api/v2/openapi.json`)).json()) as Record<string, unknown>;
    await writeFile(join(dir, 'airwave-api.ts'), astToString(await openapiTS(doc as never)));
    await copyFile(join(tests, 'fixtures/openapi-client/calls.ts'), join(dir, 'calls.ts'));
    expect(typeErrors(join(dir, 'calls.ts'))).toEqual([]);

    const { sampleCalls } = (await import(pathToFileURL(join(dir, 'calls.ts')).href)) as { sampleCalls: (...args: unknown[]) => Promise<unknown> };
    const sound = wav(1);
    const calls = await sampleCalls(system.url, { username: 'admin', password: ADMIN_PASSWORD }, checkedFetch(system.url), new Uint8Array(sound).buffer);
    expect(calls).toEqual({
      userId: 1,
      username: 'admin',
      found: 1,
      foundByGenre: 1,
      firstTitle: 'Station ID',
      range: [206, `bytes 0-99/${sound.length}`],
      timeslots: 1,
      refusedCode: 'unauthenticated',
    });
  });
});
