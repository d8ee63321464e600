// `pnpm --filter @airwave/deploy render overlays/single-station [--validate]`: prints what
// `kubectl kustomize deploy/k8s/<dir>` would, rendered by this package's renderer.
import { join } from 'node:path';
import { stringify } from 'yaml';
import { build, k8sRoot } from './kustomize';
import { validateManifests } from './validate';

const args = process.argv.slice(2);
const target = args.find((a) => !a.startsWith('--')) ?? 'overlays/single-station';
const manifests = build(join(k8sRoot, target));
process.stdout.write(manifests.map((m) => stringify(m)).join('---\n'));
if (args.includes('--validate')) {
  const problems = await validateManifests(manifests);
  for (const problem of problems) process.stderr.write(`${problem.id}: ${problem.message}\n`);
  process.stderr.write(`${manifests.length} manifests, ${problems.length} invalid\n`);
  if (problems.length > 0) process.exitCode = 1;
}
