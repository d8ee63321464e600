// How modules are discovered: every folder with a `manifest.json` under the modules directories,
// its manifest checked and its code loaded (module.ts says what a module is).
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ModuleManifest } from '@airwave/contracts';
import type { DiscoveredModule, ModuleDefinition } from './module';
import { importCompiledModule } from './module-compiler';

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
  if (runningBundled) return importCompiledModule(path, ownExports);
  try {
    return await import(pathToFileURL(path).href);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
    return importCompiledModule(path, ownExports);
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

/**
 * This file's exports, for a compiled module's `@airwave/service-kit`: module-compiler.ts gathers
 * the rest of the service kit itself, but cannot import this file (which imports it).
 */
const ownExports = { discoverModules, modulesDirs };
