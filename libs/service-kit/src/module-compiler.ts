// Loads a module's TypeScript in a process that runs as a bundle (plain `node dist/main.js`, no
// TypeScript loader). The module's entry is compiled in memory with esbuild, and its imports of the
// packages the process itself is built from (@airwave/*, kysely, zod) are bound to the process's own
// instances instead of being loaded a second time: one copy of each library in memory, one
// AirwaveError class, one zod registry for the OpenAPI document. Anything else the module imports is
// bundled into it from its own node_modules.
import { dirname, join } from 'node:path';
import * as bus from '@airwave/bus';
import * as contracts from '@airwave/contracts';
import * as db from '@airwave/db';
import * as logging from '@airwave/logging';
import * as kysely from 'kysely';
import * as zod from 'zod';
import * as encryptionKey from './encryption-key';
import * as failures from './failures';
import * as idempotency from './idempotency';
import * as moduleDefinition from './module';
import * as operations from './operations';
import * as outbox from './outbox';
import * as outboxRelay from './outbox-relay';
import * as passwords from './passwords';
import * as playoutKey from './playout-key';
import * as principalSeal from './principal-seal';
import * as serviceProcess from './process';
import * as runtime from './runtime';
import * as sealedBus from './sealed-bus';
import * as secretBox from './secret-box';
import * as service from './service';

const registryKey = Symbol.for('airwave.hostPackages');

/**
 * The packages a module shares with the process that loads it, by import specifier. The service
 * kit's exports are gathered from the files that define them, not read from its index (an import
 * circle: the index exports module discovery, which imports this file); module discovery passes its
 * own exports as `serviceKitExtra`, which makes the whole of the index's.
 */
export function hostPackages(serviceKitExtra: Record<string, unknown> = {}): Record<string, Record<string, unknown>> {
  return {
    '@airwave/bus': bus,
    '@airwave/contracts': contracts,
    '@airwave/db': db,
    '@airwave/logging': logging,
    '@airwave/service-kit': { ...operations, ...failures, ...service, ...runtime, ...serviceProcess, ...outbox, ...outboxRelay, ...moduleDefinition, ...secretBox, ...encryptionKey, ...passwords, ...principalSeal, ...sealedBus, ...playoutKey, ...idempotency, ...serviceKitExtra },
    kysely,
    zod,
  };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The module's entry compiled to one ES module (source text) whose shared imports read the
 * registry that `importCompiledModule` fills.
 */
export async function compileModule(entry: string, shared: Record<string, Record<string, unknown>> = hostPackages()): Promise<string> {
  const esbuild = await import('esbuild');
  const filter = new RegExp(`^(${Object.keys(shared).map(escape).join('|')})$`);
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
    absWorkingDir: dirname(entry),
    // CommonJS code bundled into the module may require() Node's built-ins.
    banner: { js: `import { createRequire as __airwaveRequire } from 'node:module'; const require = __airwaveRequire(${JSON.stringify(entry)});` },
    plugins: [
      {
        name: 'airwave-host-packages',
        setup(build) {
          build.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'airwave-host' }));
          build.onLoad({ filter: /.*/, namespace: 'airwave-host' }, (args) => {
            const names = Object.keys(shared[args.path] ?? {}).filter((name) => name !== 'default');
            const lines = [`const m = globalThis[Symbol.for('airwave.hostPackages')][${JSON.stringify(args.path)}];`];
            names.forEach((name, i) => {
              // Export names may be reserved words (zod's `null`, `enum`): bind, then rename.
              lines.push(`const e${i} = m[${JSON.stringify(name)}];`, `export { e${i} as ${JSON.stringify(name)} };`);
            });
            lines.push('export default m.default;');
            return { contents: lines.join('\n'), loader: 'js' };
          });
        },
      },
    ],
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error(`esbuild produced nothing for ${entry}`);
  return output.text;
}

/** Compilations under way; esbuild's helper process is stopped a moment after the last one. */
let compiling = 0;
let idleStop: NodeJS.Timeout | undefined;

/**
 * Compiles the module's entry and imports it with the process's shared packages bound (and
 * `serviceKitExtra` among the service kit's exports, see hostPackages).
 */
export async function importCompiledModule(entry: string, serviceKitExtra?: Record<string, unknown>): Promise<unknown> {
  const shared = hostPackages(serviceKitExtra);
  (globalThis as Record<symbol, unknown>)[registryKey] = shared;
  clearTimeout(idleStop);
  compiling += 1;
  let code: string;
  try {
    code = await compileModule(entry, shared);
  } finally {
    compiling -= 1;
    // Modules are compiled at start: let esbuild's helper process go once they are all loaded
    // (it starts again by itself if another compilation comes).
    if (compiling === 0) {
      idleStop = setTimeout(() => {
        if (compiling === 0) void import('esbuild').then((esbuild) => esbuild.stop());
      }, 1000);
      idleStop.unref();
    }
  }
  // A data: URL, not a file: the container's root filesystem is read-only. The source URL comment
  // names the module's entry in stack traces.
  const source = `${code}\n//# sourceURL=${join(dirname(entry), 'index.compiled.js')}`;
  return import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
}
