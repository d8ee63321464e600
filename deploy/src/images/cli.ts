// `pnpm images [--only gateway,server] [--tag dev]`: builds Airwave's images, tagged
// airwave/<name>:<tag>, with BuildKit, from the official bases where they can be had and from
// stand-ins built here where no image registry answers. Progress goes to stderr; stdout gets one
// `export AIRWAVE_<NAME>_IMAGE=…` line per infrastructure stand-in in use, for
// `eval "$(pnpm --silent images)"` before `docker compose up` or the container tests.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveBase, resolveDebian } from './bases';
import { airwaveImages, companionImages, infrastructure, nodeBase, PNPM_VERSION, repoRoot, tagOf } from './catalog';
import { dockerAnswers, findBuilder, run, type Builder } from './docker';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    tag: { type: 'string', default: 'dev' },
    'rebuild-bases': { type: 'boolean', default: false },
  },
});

function selectedImages() {
  if (!values.only) return { airwave: airwaveImages, companions: companionImages };
  const names = values.only.split(',').map((name) => name.trim());
  const all = [...airwaveImages, ...companionImages].map((image) => image.name as string);
  const unknown = names.filter((name) => !all.includes(name));
  if (unknown.length > 0) throw new Error(`--only: no image named ${unknown.join(', ')} (there are ${all.join(', ')})`);
  return { airwave: airwaveImages.filter((image) => names.includes(image.name)), companions: companionImages.filter((image) => names.includes(image.name)) };
}

/**
 * The CA certificate(s) of a TLS-inspecting proxy, handed to the build as the secret `npm_ca`: the
 * file AIRWAVE_NPM_CA or NODE_EXTRA_CA_CERTS names, else npm's own `cafile` setting.
 */
function npmCaSecret(): string[] {
  const file = process.env.AIRWAVE_NPM_CA || process.env.NODE_EXTRA_CA_CERTS || npmCafile();
  return file && existsSync(file) ? ['--secret', `id=npm_ca,src=${file}`] : [];
}

function npmCafile(): string | undefined {
  const cafile = spawnSync('npm', ['config', 'get', 'cafile'], { encoding: 'utf8' }).stdout?.trim();
  return cafile && cafile !== 'null' && cafile !== 'undefined' ? cafile : undefined;
}

async function buildImage(builder: Builder, dockerfile: string, tag: string, buildArgs: string[], context = repoRoot): Promise<void> {
  const started = Date.now();
  process.stderr.write(`images: building ${tag} (${dockerfile})\n`);
  await run(builder.argv[0]!, [...builder.argv.slice(1), '-f', join(repoRoot, dockerfile), ...buildArgs, ...npmCaSecret(), '-t', tag, context], { env: builder.env });
  process.stderr.write(`images: ${tag} built in ${Math.round((Date.now() - started) / 1000)} s\n`);
}

async function main(): Promise<void> {
  const { airwave: images, companions } = selectedImages();
  if (!dockerAnswers()) throw new Error('No Docker engine answers: start one (dockerd), or point DOCKER_HOST at it.');
  const builder = findBuilder();
  const rebuild = values['rebuild-bases'];
  const node = await resolveBase(nodeBase, builder, { rebuild });
  const exports: string[] = [];
  for (const base of infrastructure) {
    const image = await resolveBase(base, builder, { rebuild });
    if (image !== base.official && base.variable) exports.push(`export ${base.variable}=${image}`);
  }
  const buildArgs = ['--build-arg', `NODE_IMAGE=${node}`, '--build-arg', `PNPM_VERSION=${PNPM_VERSION}`];
  for (const image of images) await buildImage(builder, image.dockerfile, tagOf(image, values.tag!), buildArgs);
  // Icecast and the like: Debian's packages on Debian, from deploy/images (no npm, no secret needed).
  if (companions.length > 0) {
    const debian = await resolveDebian({ rebuild });
    for (const image of companions) await buildImage(builder, `deploy/images/${image.dir}/Dockerfile`, tagOf(image, values.tag!), ['--build-arg', `DEBIAN_IMAGE=${debian}`], join(repoRoot, 'deploy', 'images'));
  }
  process.stdout.write(exports.map((line) => `${line}\n`).join(''));
}

main().catch((error: Error) => {
  process.stderr.write(`images: ${error.message}\n`);
  process.exit(1);
});
