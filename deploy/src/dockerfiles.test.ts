// The Dockerfiles, read (fast, no Docker needed): each builds the package it sits in with the pnpm
// `pnpm images` passes, on a base that is a build argument defaulting to node:24-slim, runs as
// non-root and starts a file that exists: the bundle the package's build script makes (every
// service), or its TypeScript under tsx (apps/server, the embedded default, which runs from the
// repository as `pnpm start` does). tests/containers builds and runs them for real where Docker is.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PNPM_VERSION } from './images/catalog';
import { build, k8sRoot } from './kustomize';

const repo = resolve(k8sRoot, '..', '..');
const images = [
  { image: 'gateway', dir: 'services/gateway', port: 8080, bundled: true },
  { image: 'account', dir: 'services/account', port: 9464, bundled: true },
  { image: 'media', dir: 'services/media', port: 9464, bundled: true },
  { image: 'scheduling', dir: 'services/scheduling', port: 9464, bundled: true },
  { image: 'modules', dir: 'services/modules', port: 9464, bundled: true },
  { image: 'playout', dir: 'services/playout', port: 9464, bundled: true },
  { image: 'server', dir: 'apps/server', port: 8080, bundled: false },
];
const manifests = build(join(k8sRoot, 'base')) as any[];

/** Instructions of a Dockerfile with continuation lines joined and comments dropped. */
function instructions(text: string): { op: string; args: string }[] {
  return text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [op, ...rest] = line.split(/\s+/);
      return { op: op!.toUpperCase(), args: rest.join(' ') };
    });
}

describe.each(images)('$dir/Dockerfile', ({ image, dir, port, bundled }) => {
  const text = readFileSync(join(repo, dir, 'Dockerfile'), 'utf8');
  const steps = instructions(text);
  const pkg = JSON.parse(readFileSync(join(repo, dir, 'package.json'), 'utf8'));
  const stages = steps.filter((s) => s.op === 'FROM');
  const final = steps.slice(steps.lastIndexOf(stages.at(-1)!));

  it('is multi-stage on the NODE_IMAGE build argument, node:24-slim unless told otherwise', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const firstFrom = steps.indexOf(stages[0]!);
    expect(steps.slice(0, firstFrom)).toContainEqual({ op: 'ARG', args: 'NODE_IMAGE=node:24-slim' });
    for (const stage of stages) expect(stage.args).toMatch(/^\$\{NODE_IMAGE\}(\s|$)/);
  });

  it(`installs the repository's pnpm, with the frozen lockfile, and deploys ${pkg.name} for production`, () => {
    const run = steps.filter((s) => s.op === 'RUN').map((s) => s.args).join(' && ');
    expect(steps).toContainEqual({ op: 'ARG', args: `PNPM_VERSION=${PNPM_VERSION}` });
    expect(run).toContain('npm install --global pnpm@${PNPM_VERSION}');
    // The extra CA reaches the steps that download, as a secret mount (never a layer).
    for (const step of steps.filter((s) => s.op === 'RUN' && /(^|\s)npm install|pnpm fetch/.test(s.args))) {
      expect(step.args).toMatch(/^--mount=type=secret,id=npm_ca with-npm-ca /);
    }
    expect(run).toMatch(/pnpm fetch --frozen-lockfile/);
    expect(run).toMatch(/pnpm install --frozen-lockfile/);
    expect(run).toContain(`pnpm --filter ${pkg.name} deploy --legacy --prod /out`);
    // Every file the first COPY names exists in the build context.
    const first = steps.find((s) => s.op === 'COPY')!;
    for (const file of first.args.split(/\s+/).slice(0, -1)) expect(existsSync(join(repo, file)), file).toBe(true);
  });

  it(`runs as a non-root numeric user and starts ${bundled ? 'its bundle' : 'src/main.ts under tsx'}`, () => {
    const user = final.filter((s) => s.op === 'USER').at(-1);
    expect(user?.args).toMatch(/^[1-9]\d*(:[1-9]\d*)?$/);
    const cmd = JSON.parse(final.find((s) => s.op === 'CMD')!.args);
    expect(existsSync(join(repo, dir, 'src', 'main.ts'))).toBe(true);
    if (bundled) {
      expect(cmd).toEqual(['node', 'dist/main.js']);
      // The build script bundles src/main.ts into dist/, which is copied into the deployed package
      // (the gateway's also its edge, src/edge/main.ts: compose runs it from the same image).
      expect(pkg.scripts.build).toMatch(/^node \.\.\/\.\.\/tools\/bundle\.mjs src\/main\.ts (src\/edge\/main\.ts )?--outdir dist$/);
      if (dir === 'services/gateway') expect(pkg.scripts.build).toContain('src/edge/main.ts');
      const run = steps.filter((s) => s.op === 'RUN').map((s) => s.args).join(' && ');
      expect(run).toContain(`pnpm --filter ${pkg.name} build`);
      expect(run).toContain(`cp -r ${dir}/dist /out/dist`);
    } else {
      expect(cmd).toEqual(['node', '--import', 'tsx', 'src/main.ts']);
    }
    expect(final.find((s) => s.op === 'EXPOSE')?.args).toBe(String(port));
    // Only the runtime stage's output is copied in, owned by root (read-only for the user).
    expect(final.filter((s) => s.op === 'COPY').map((s) => s.args)).toEqual(['--from=build /out /app']);
  });

  it.runIf(['gateway', 'modules', 'server'].includes(image))('ships the modules/ directory where MODULES_DIR points, resolving through its own node_modules link', () => {
    const run = steps.filter((s) => s.op === 'RUN').map((s) => s.args).join(' && ');
    expect(run).toContain('deploy/images/stage-modules /out');
    expect(readFileSync(join(repo, 'deploy/images/stage-modules'), 'utf8')).toContain('ln -s ../node_modules/.pnpm/node_modules "$out/modules/node_modules"');
    expect(final.find((s) => s.op === 'ENV' && /MODULES_DIR=\/app\/modules(\s|$)/.test(s.args))).toBeDefined();
  });

  // pnpm deploy --prod drops the root's devDependencies: what runs must be the package's own.
  it(bundled ? 'keeps esbuild in the production dependencies where it compiles modules' : 'keeps tsx in the production dependencies', () => {
    if (!bundled) expect(pkg.dependencies?.tsx).toBeDefined();
    else if (['gateway', 'modules'].includes(image)) expect(pkg.dependencies?.esbuild).toBeDefined();
    else expect(pkg.dependencies?.esbuild).toBeUndefined();
  });

  it('runs as the user the Kubernetes manifests declare', () => {
    const uid = Number(final.filter((s) => s.op === 'USER').at(-1)!.args.split(':')[0]);
    const owners = manifests.filter((m) => ['Deployment', 'Job'].includes(m.kind) && m.spec.template.spec.containers.some((c: any) => c.image.startsWith(`airwave/${image}:`)));
    expect(owners.length).toBeGreaterThan(0);
    for (const owner of owners) expect(owner.spec.template.spec.securityContext.runAsUser).toBe(uid);
  });
});

describe('the build context', () => {
  it('is built with the pnpm CI installs and Corepack picks', () => {
    expect(readFileSync(join(repo, '.ci', 'run'), 'utf8')).toMatch(new RegExp(`^PNPM_VERSION=${PNPM_VERSION.replaceAll('.', '\\.')}$`, 'm'));
    const root = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
    // devEngines, not packageManager: pnpm 12 refuses frozen installs under a packageManager pin.
    expect(root.packageManager).toBeUndefined();
    expect(root.devEngines.packageManager).toEqual({ name: 'pnpm', version: PNPM_VERSION, onFail: 'ignore' });
  });

  it('keeps host artefacts and secrets out of every image', () => {
    const ignored = readFileSync(join(repo, '.dockerignore'), 'utf8').split(/\r?\n/);
    for (const pattern of ['**/node_modules', '**/data', '.git', '**/secret.env']) expect(ignored).toContain(pattern);
  });

  it('has a Dockerfile and a Deployment for every service', () => {
    for (const name of readdirSync(join(repo, 'services'))) {
      if (!existsSync(join(repo, 'services', name, 'package.json'))) continue;
      expect(existsSync(join(repo, 'services', name, 'Dockerfile')), name).toBe(true);
      expect(images.map((i) => i.image), name).toContain(name);
      expect(manifests.some((m) => m.kind === 'Deployment' && m.metadata.name === `airwave-${name}`), name).toBe(true);
    }
  });
});
