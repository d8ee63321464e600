// The served OpenAPI document passes Spectral (spectral:oas) and Redocly (recommended) with no
// errors and no warnings: the document of a running gateway, with modules installed, so that the
// modules' routes and the gateway's own are linted too. CI runs this on Node 20 and Node 24.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestSystem, type TestSystem } from '../src/harness';
import { redoclyProblems, spectralProblems, type LintProblem } from '../src/openapi-lint';
import { limit } from '../../vitest.shared';

const root = resolve(import.meta.dirname, '..', '..');
const show = (problems: LintProblem[]) => problems.map((p) => `${p.severity} ${p.rule} at ${p.where}: ${p.message}`);

describe('the OpenAPI document under third-party linters', () => {
  let system: TestSystem;
  let doc: { paths: Record<string, unknown>; info: { license?: unknown; contact?: unknown } };

  beforeAll(async () => {
    system = await startTestSystem('embedded', { MODULES_DIR: resolve(root, 'modules') });
    const key = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    for (const name of ['notes', 'playlog']) expect((await system.api.put(`/modules/${name}`, { key })).status).toBe(200);
    doc = (await (await fetch(`${system.url}/api/v2/openapi.json`)).json()) as typeof doc;
  });
  afterAll(async () => {
    await system?.stop();
  });

  it("lints the modules' routes too", () => {
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v2/notes', '/api/v2/playlog/entries', '/api/v2/uploads', '/healthz']));
  });

  it("names the project's licence (SPDX) and its contact: the docs page of the server that serves it", () => {
    expect(doc.info.license).toEqual({ name: 'Apache License 2.0', identifier: 'Apache-2.0' });
    expect(doc.info.contact).toEqual({ name: 'Airwave', url: `${system.url}/api/docs` });
  });

  it('passes Spectral (spectral:oas)', async () => {
    expect(show(await spectralProblems(doc))).toEqual([]);
  });

  it('passes Redocly (recommended)', { timeout: limit(60_000) }, async () => {
    const { problems, ignored } = await redoclyProblems(doc);
    expect(show(problems)).toEqual([]);
    // The ten ambiguous-looking paths of .redocly.lint-ignore.yaml, and nothing else ignored.
    expect(ignored).toBe(10);
  });
});
