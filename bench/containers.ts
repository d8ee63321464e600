/* eslint-disable no-console -- a benchmark reports on stdout */
// Container figures for docs/deploy.md and BENCHMARKS.md: the size of every image, how long
// AirwaveContainer takes from start() to its first API answer (a new container each run, the image
// already built), how long AirwaveStack takes to start, and the memory of each container at rest.
//
//   pnpm images && pnpm --filter @airwave/bench containers [--runs 5] [--rest 20]
//
// Prints Markdown tables. Memory: the cgroup's usage as `docker stats` reports it (anonymous memory
// and page cache the kernel cannot drop), and VmRSS of the container's first process.
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { AirwaveContainer, AirwaveStack, airwaveImage, infrastructureImages, type StartedAirwaveStack } from '@airwave/testcontainers';
import type { StartedTestContainer } from 'testcontainers';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, rest: { type: 'string', default: '20' } } });
const runs = Number(values.runs);
const restSeconds = Number(values.rest);

const docker = (...args: string[]) => execFileSync('docker', args, { encoding: 'utf8' }).trim();
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(0)} MB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function imageSizes(images: string[]): string[] {
  return images.map((image) => `| \`${image}\` | ${mb(Number(docker('image', 'inspect', '--format', '{{.Size}}', image)))} |`);
}

/** start() to readiness, then to the first answered login, in ms. */
async function coldStart(): Promise<{ ready: number; login: number; container: Awaited<ReturnType<AirwaveContainer['start']>> }> {
  const started = performance.now();
  const container = await new AirwaveContainer().withAdminPassword('bench-password').start();
  const ready = performance.now() - started;
  await container.getClient();
  return { ready, login: performance.now() - started, container };
}

function memoryOf(container: StartedTestContainer): { cgroup: string; rss: string } {
  const cgroup = docker('stats', '--no-stream', '--format', '{{.MemUsage}}', container.getId()).split(' / ')[0]!;
  const status = docker('exec', container.getId(), 'cat', '/proc/1/status');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { cgroup, rss: `${(rssKb / 1024).toFixed(0)} MiB` };
}

async function main(): Promise<void> {
  const infrastructure = await infrastructureImages();
  const names = ['server', 'gateway', 'account', 'media', 'scheduling', 'modules'] as const;
  console.log(`Machine: ${cpus()[0]?.model ?? 'unknown'}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Docker ${docker('version', '--format', '{{.Server.Version}}')}, ${new Date().toISOString().slice(0, 10)}\n`);
  console.log('| image | size |\n| --- | --- |');
  console.log(imageSizes([...names.map((name) => airwaveImage(name)), ...Object.values(infrastructure)]).join('\n'));

  const starts: { ready: number; login: number }[] = [];
  let last: Awaited<ReturnType<typeof coldStart>>['container'] | undefined;
  for (let i = 0; i < runs; i += 1) {
    const run = await coldStart();
    starts.push(run);
    if (i < runs - 1) await run.container.stop();
    else last = run.container;
  }
  console.log(`\nAirwaveContainer, ${runs} cold starts: ready (start() resolved) median ${median(starts.map((s) => s.ready)).toFixed(0)} ms (min ${Math.min(...starts.map((s) => s.ready)).toFixed(0)}, max ${Math.max(...starts.map((s) => s.ready)).toFixed(0)}); first login answered median ${median(starts.map((s) => s.login)).toFixed(0)} ms`);
  await sleep(restSeconds * 1000);
  const server = memoryOf(last!);
  console.log(`AirwaveContainer at rest after ${restSeconds} s: ${server.cgroup} (cgroup), VmRSS ${server.rss}`);
  await last!.stop();

  const stackStarted = performance.now();
  const stack: StartedAirwaveStack = await new AirwaveStack().start();
  console.log(`\nAirwaveStack started (every service answering through the gateway) in ${(performance.now() - stackStarted).toFixed(0)} ms`);
  await sleep(restSeconds * 1000);
  console.log(`\n| container (at rest, ${restSeconds} s after start) | memory (cgroup) | VmRSS of PID 1 |\n| --- | --- | --- |`);
  for (const part of ['gateway', 'account', 'media', 'scheduling', 'modules', 'postgres', 'nats', 'redis']) {
    const memory = memoryOf(stack.getContainer(part));
    console.log(`| ${part} | ${memory.cgroup} | ${memory.rss} |`);
  }
  await stack.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
