#!/usr/bin/env node
// Bundles a process's entry point (and the workspace libraries and npm packages it imports) into
// one ES module, so production runs plain `node dist/main.js`: no TypeScript transform at run time,
// which takes about 60 MB off every process (BENCHMARKS.md, "HTTP throughput").
// Usage: node tools/bundle.mjs <entry.ts> [<entry.ts> …] --outdir <dir>
// Kept outside the bundle, resolved from node_modules at run time: native and WebAssembly packages
// (sharp, PGlite and its dialect, esbuild, which a process loads only to compile modules'
// TypeScript) and @fastify/swagger-ui; each is a direct dependency of the package bundled.
import { build } from 'esbuild';

const args = process.argv.slice(2);
const at = args.indexOf('--outdir');
if (at < 0 || !args[at + 1] || at === 0) {
  console.error('usage: node tools/bundle.mjs <entry.ts> [<entry.ts> …] --outdir <dir>');
  process.exit(2);
}
const outdir = args[at + 1];
const entryPoints = args.filter((_, i) => i !== at && i !== at + 1);

await build({
  entryPoints,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  // Code that must know it runs from a bundle (service-kit's module loader) reads this.
  define: { __AIRWAVE_BUNDLE__: 'true' },
  // @fastify/swagger-ui serves files that sit beside its code, so it stays in node_modules too.
  external: ['sharp', '@electric-sql/pglite', 'kysely-pglite-dialect', 'pg-native', 'esbuild', '@fastify/swagger-ui'],
  // Bundled CommonJS packages call require() and read __dirname (only to find their own
  // package.json, guarded when it is not there); give the ES module both.
  banner: {
    js: [
      "import { createRequire as __airwaveRequire } from 'node:module';",
      "import { fileURLToPath as __airwaveFileURLToPath } from 'node:url';",
      'const require = __airwaveRequire(import.meta.url);',
      'const __filename = __airwaveFileURLToPath(import.meta.url);',
      "const __dirname = __filename.slice(0, __filename.lastIndexOf('/'));",
    ].join(' '),
  },
});
