// The served API documents through third-party linters, as integrators run them: the OpenAPI
// document through Spectral's `spectral:oas` ruleset (its JavaScript API, what `spectral lint`
// runs) and Redocly's `recommended` rules (its CLI on a written file; it has no stable programmatic
// API), the AsyncAPI document of the events through `spectral:asyncapi`. What is turned off, and
// why, is beside it here and in docs/decisions/api-conventions.md, "OpenAPI".
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Spectral } from '@stoplight/spectral-core';
import { asyncapi, oas } from '@stoplight/spectral-rulesets';

export interface LintProblem {
  rule: string;
  severity: 'error' | 'warning' | 'info' | 'hint';
  message: string;
  where: string;
}

const severities = ['error', 'warning', 'info', 'hint'] as const;

/** Spectral with `spectral:oas` (recommended rules), as `extends: spectral:oas` in .spectral.yaml. */
export async function spectralProblems(doc: object): Promise<LintProblem[]> {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[oas as never, 'recommended']] });
  return problemsOf(spectral, doc);
}

/** Spectral with `spectral:asyncapi` (recommended rules), on the AsyncAPI document of the events. */
export async function spectralAsyncApiProblems(doc: object): Promise<LintProblem[]> {
  const spectral = new Spectral();
  spectral.setRuleset({
    extends: [[asyncapi as never, 'recommended']],
    rules: {
      // It wants an e-mail address beside the name and URL: Airwave is a project, not a help desk,
      // and every station runs its own server; the contact is the project's name and the docs page.
      'asyncapi-info-contact-properties': 'off',
    },
  });
  return problemsOf(spectral, doc);
}

async function problemsOf(spectral: Spectral, doc: object): Promise<LintProblem[]> {
  const results = await spectral.run(JSON.stringify(doc, null, 2));
  return results.map((r) => ({ rule: String(r.code), severity: severities[r.severity] ?? 'error', message: r.message, where: r.path.join('.') }));
}

const here = dirname(fileURLToPath(import.meta.url));
const execute = promisify(execFile);

interface RedoclyReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer?: string }[] }[];
}

/**
 * Redocly's `recommended` rules with tests/openapi/redocly.yaml and the ignore file beside it, on
 * the document written as openapi.json (the name the ignore file lists). Runs with this Node.
 */
export async function redoclyProblems(doc: object): Promise<{ problems: LintProblem[]; ignored: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'airwave-redocly-'));
  try {
    await writeFile(join(dir, 'openapi.json'), JSON.stringify(doc, null, 2));
    await copyFile(join(here, '../openapi/redocly.yaml'), join(dir, 'redocly.yaml'));
    await copyFile(join(here, '../openapi/.redocly.lint-ignore.yaml'), join(dir, '.redocly.lint-ignore.yaml'));
    const cli = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');
    const run = await execute(process.execPath, [cli, 'lint', '--config', 'redocly.yaml', '--format', 'json', 'openapi.json'], {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
      // No telemetry and no update check: the tests reach no network.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    }).catch((error: { stdout?: string; stderr?: string }) => {
      // Exit code 1 means problems were found: the report is still on stdout.
      if (error.stdout?.trim().startsWith('{')) return { stdout: error.stdout };
      throw new Error(`redocly lint failed: ${error.stderr ?? String(error)}`);
    });
    const report = JSON.parse(run.stdout) as RedoclyReport;
    const problems = report.problems.map((p) => ({
      rule: p.ruleId,
      severity: (p.severity === 'error' ? 'error' : p.severity === 'warn' ? 'warning' : 'info') as LintProblem['severity'],
      message: p.message,
      where: p.location[0]?.pointer ?? '',
    }));
    return { problems, ignored: report.totals.ignored };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
