// Test systems on the embedded default start from a copy of an initialized PGlite cluster: PGlite's
// initdb is 4–5 s of CPU on CI's machine, a copy of its result 0.5 s, and the API and console
// suites start a hundred embedded systems (docs/testing.md, "Where CI's minutes go"). The copy is
// of an empty cluster (no schema, no data), so every system still runs its own migrations from
// scratch and sees nothing of another's. The template is made once per machine and PGlite build,
// under the temporary directory, by whichever test process needs it first.
import { createHash, randomBytes } from 'node:crypto';
import { cp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from './open';

/** The template of this PGlite build: its path under node_modules names its version. */
function templateDir(): string {
  const build = createHash('sha256').update(createRequire(import.meta.url).resolve('@electric-sql/pglite')).digest('hex').slice(0, 12);
  return join(tmpdir(), `airwave-pglite-template-${build}`);
}

const exists = (path: string) => stat(path).then(() => true, () => false);

/** Makes the template if it is not there yet; a process that loses the race keeps the winner's. */
async function ensureTemplate(dir: string): Promise<void> {
  if (await exists(join(dir, 'ready'))) return;
  const making = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const database = await openDatabase({ dataDir: join(making, 'pglite') });
  await database.close();
  await writeFile(join(making, 'ready'), '');
  await rename(making, dir).catch(async () => {
    await rm(making, { recursive: true, force: true });
    if (!(await exists(join(dir, 'ready')))) throw new Error(`Could not make the PGlite template at ${dir}`);
  });
}

/**
 * Prepares DATA_DIR for an embedded test system: DATA_DIR/pglite becomes a copy of an initialized,
 * empty PGlite cluster. For tests only: a station's own first start runs initdb as usual.
 */
export async function seedEmbeddedDataDir(dataDir: string): Promise<void> {
  const template = templateDir();
  await ensureTemplate(template);
  await cp(join(template, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
}
