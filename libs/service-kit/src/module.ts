// What a module is in code, and how modules are discovered. A module is a folder with
// `manifest.json` (name, version, description, permissions) and `src/index.ts` whose default export
// is `defineModule({...})`: its migrations (run in schema `module_<name>`), its operations (HTTP
// routes under /api/v2/<name>/…) and the bus handlers that answer them.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Bus, Subscription } from '@airwave/bus';
import { ModuleManifest, type Operation } from '@airwave/contracts';
import type { AnyDB, SchemaMigration } from '@airwave/db';
import type { Logger } from '@airwave/logging';
import { importCompiledModule } from './module-compiler';
import type { ServiceEvents } from './service';

export interface ModuleContext {
  /** Handle bound to the module's own schema `module_<name>`. */
  db: AnyDB;
  bus: Bus;
  logger: Logger;
  events: ServiceEvents;
}

export interface ModuleDefinition {
  migrations: Record<string, SchemaMigration>;
  operations: Record<string, Operation>;
  /** Binds the module's bus handlers; called on install and at start of every modules replica. */
  bind(context: ModuleContext): Promise<Subscription[]>;
}

export const defineModule = (definition: ModuleDefinition): ModuleDefinition => definition;

export interface DiscoveredModule {
  name: string;
  dir: string;
  manifest: ModuleManifest | null;
  definition: ModuleDefinition | null;
  /** Why the module cannot be installed. */
  error: string | null;
}

export const moduleSchema = (name: string) => `module_${name}`;

/** Finds every module under the given directories (later directories do not override earlier). */
export async function discoverModules(dirs: string[]): Promise<Map<string, DiscoveredModule>> {
  const found = new Map<string, DiscoveredModule>();
  for (const base of dirs) {
    if (!existsSync(base)) continue;
    for (const entry of await readdir(base, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const dir = resolve(base, entry.name);
      if (!existsSync(join(dir, 'manifest.json'))) continue;
      const module = await loadModule(dir, entry.name);
      if (!found.has(module.name)) found.set(module.name, module);
    }
  }
  return found;
}

async function loadModule(dir: string, folder: string): Promise<DiscoveredModule> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
  } catch (error) {
    return { name: folder, dir, manifest: null, definition: null, error: `manifest.json is not valid JSON: ${(error as Error).message}` };
  }
  const parsed = ModuleManifest.safeParse(raw);
  const name = typeof (raw as { name?: unknown })?.name === 'string' ? (raw as { name: string }).name : folder;
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { name, dir, manifest: null, definition: null, error: `Invalid manifest: ${issue?.path.join('.') || '(root)'}: ${issue?.message}` };
  }
  const manifest = parsed.data;
  try {
    const entry = join(dir, 'src', 'index.ts');
    const imported = (await importTypeScript(entry)) as { default?: ModuleDefinition };
    const definition = imported.default;
    if (!definition || typeof definition.bind !== 'function' || typeof definition.migrations !== 'object') {
      return { name, dir, manifest, definition: null, error: 'src/index.ts must export default defineModule({...})' };
    }
    for (const op of Object.values(definition.operations)) {
      if (op.http && op.http.path !== `/${name}` && !op.http.path.startsWith(`/${name}/`)) {
        return { name, dir, manifest, definition: null, error: `Route ${op.http.path} is outside /${name}/` };
      }
      if (!op.subject.startsWith(`module.${name}.`)) {
        return { name, dir, manifest, definition: null, error: `Subject ${op.subject} must start with module.${name}.` };
      }
    }
    return { name, dir, manifest, definition, error: null };
  } catch (error) {
    return { name, dir, manifest, definition: null, error: `Cannot load the module's code: ${(error as Error).message}` };
  }
}

/** Set to true by tools/bundle.mjs in every bundle; undefined when running from source. */
declare const __AIRWAVE_BUNDLE__: boolean | undefined;
const runningBundled = typeof __AIRWAVE_BUNDLE__ !== 'undefined' && __AIRWAVE_BUNDLE__;

/**
 * Imports a module's TypeScript entry. Under `node --import tsx` (development, tests) that just
 * works. A bundled production process (plain `node dist/main.js`) has its libraries inside the
 * bundle, so it compiles the module in memory instead, bound to those same libraries
 * (module-compiler.ts); so does any process without a TypeScript loader.
 */
async function importTypeScript(path: string): Promise<unknown> {
  if (runningBundled) return importCompiledModule(path);
  try {
    return await import(pathToFileURL(path).href);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
    return importCompiledModule(path);
  }
}

/** MODULES_DIR: one or more directories separated by ':' (default: the repository's modules/). */
export function modulesDirs(value: string | undefined): string[] {
  if (value) return value.split(':').filter(Boolean).map((d) => resolve(d));
  // The repository's modules/, found from this file whether it runs from source
  // (libs/service-kit/src) or bundled into a process (services/<name>/dist).
  for (let dir = import.meta.dirname, up = 0; up < 6; up += 1, dir = dirname(dir)) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return [join(dir, 'modules')];
  }
  return [resolve(import.meta.dirname, '..', '..', '..', 'modules')];
}
