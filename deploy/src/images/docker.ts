// The Docker CLI as `pnpm images` uses it: run a command with its output on stderr, ask whether an
// image is there, pull one, and find a CLI that builds with BuildKit (the Dockerfiles mount a secret).
import { spawn, spawnSync } from 'node:child_process';

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Written to the command's standard input. */
  input?: NodeJS.ReadableStream;
}

/** Runs a command with its output on this process's stderr (stdout is kept for `export` lines). */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: [options.input ? 'pipe' : 'ignore', process.stderr, process.stderr],
    });
    if (options.input && child.stdin) options.input.pipe(child.stdin);
    child.on('error', (error) => reject(new Error(`${command} could not run: ${error.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${[command, ...args].join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

function quiet(command: string, args: string[], env?: NodeJS.ProcessEnv) {
  return spawnSync(command, args, { encoding: 'utf8', env: env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
}

export function dockerAnswers(): boolean {
  return quiet('docker', ['version', '--format', '{{.Server.Version}}']).status === 0;
}

export function imageExists(image: string): boolean {
  return quiet('docker', ['image', 'inspect', '--format', '{{.Id}}', image]).status === 0;
}

/** Pulls an image; false (with the daemon's reason) where no registry answers. */
export function tryPull(image: string): { ok: boolean; reason: string } {
  const pulled = quiet('docker', ['pull', '--quiet', image]);
  return { ok: pulled.status === 0, reason: (pulled.stderr || pulled.stdout).trim().split('\n').at(-1) ?? '' };
}

export interface Builder {
  /** The command and its first arguments, before the build's own (`docker buildx build --load`). */
  argv: string[];
  env: NodeJS.ProcessEnv;
}

/**
 * A Docker CLI that builds with BuildKit: `docker buildx build --load` where the buildx plugin is
 * installed (Docker Desktop, docker-ce), else a CLI older than 23 with BuildKit built in
 * (`DOCKER_BUILDKIT=1 docker build`, as Debian's docker.io ships at /usr/bin/docker).
 */
export function findBuilder(): Builder {
  const clis = [...new Set([process.env.DOCKER_CLI ?? 'docker', 'docker', '/usr/bin/docker'])];
  for (const cli of clis) {
    if (quiet(cli, ['buildx', 'version']).status === 0) return { argv: [cli, 'buildx', 'build', '--load'], env: process.env };
  }
  for (const cli of clis) {
    const version = quiet(cli, ['version', '--format', '{{.Client.Version}}']);
    const major = Number.parseInt(version.stdout, 10);
    if (version.status === 0 && major > 0 && major < 23) return { argv: [cli, 'build'], env: { ...process.env, DOCKER_BUILDKIT: '1' } };
  }
  throw new Error('No Docker CLI here builds with BuildKit: install the buildx plugin (docker-buildx), or name a CLI older than 23 in DOCKER_CLI.');
}
