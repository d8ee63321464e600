#!/usr/bin/env node
// Run by `pnpm start` (the root package): builds the console when dist/ is missing or older than its
// sources, so the embedded default always serves the console as checked out. The install builds
// it too (the root package's postinstall), but pnpm skips an install that has nothing to change.
// A failed build does not stop the server: the gateway then serves the last build, or a page
// saying how to build it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'dist', 'index.html');

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const sources = ['src', 'index.html', 'vite.config.ts', 'package.json'].map((p) => join(root, p)).filter(existsSync);
const stale = !existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
if (stale) {
  process.stderr.write('Building the station console (apps/console)…\n');
  const result = spawnSync('pnpm', ['--filter', '@airwave/console', 'build'], { stdio: ['ignore', 'ignore', 'inherit'], shell: process.platform === 'win32' });
  if (result.status !== 0) process.stderr.write('The console could not be built; starting without a fresh build.\n');
}
