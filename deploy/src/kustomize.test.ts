// The renderer's subset of Kustomize, and (when KUBECTL names a kubectl binary) its agreement with
// `kubectl kustomize` on every kustomization of deploy/k8s.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { build, findKustomizations, k8sRoot, KustomizeError, parseEnvFile, parseImage, strategicMerge } from './kustomize';
import { validateManifests } from './validate';

const scratch = mkdtempSync(join(tmpdir(), 'airwave-kustomize-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Writes a tree of files under a fresh directory and returns it. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(scratch, 't-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
  selector:
    matchLabels: { app: web }
  template:
    metadata:
      labels: { app: web }
    spec:
      containers:
        - name: web
          image: example/web
          env:
            - { name: A, value: "1" }
        - name: side
          image: example/side:1.0
`;

describe('the renderer', () => {
  it('builds resources, overlays, namespace, labels, generators, patches and images', () => {
    const root = tree({
      'base/kustomization.yaml': `resources: [deployment.yaml]
generatorOptions: { disableNameSuffixHash: true }
configMapGenerator:
  - name: config
    envs: [config.env]
    literals: ["B=2"]
images:
  - { name: example/web, newTag: "2.0" }
`,
      'base/deployment.yaml': deployment,
      'base/config.env': '# comment\nA=1\n\nC=x=y\n',
      'overlay/kustomization.yaml': `namespace: prod
labels:
  - pairs: { tier: front }
    includeTemplates: true
resources: [../base, namespace.yaml]
configMapGenerator:
  - name: config
    behavior: merge
    literals: ["B=3"]
patches:
  - path: patch.yaml
images:
  - { name: example/side, newName: registry.example:5000/side, newTag: "1.1" }
`,
      'overlay/namespace.yaml': 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: prod\n',
      'overlay/patch.yaml': `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  template:
    spec:
      containers:
        - name: web
          env:
            - { name: B, value: "2" }
            - { name: A, value: "0" }
`,
    });
    const manifests = build(join(root, 'overlay')) as any[];
    const byKind = (kind: string) => manifests.find((m) => m.kind === kind);
    expect(byKind('Namespace').metadata).toEqual({ name: 'prod', labels: { tier: 'front' } });
    expect(byKind('ConfigMap')).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'config', labels: { tier: 'front' }, namespace: 'prod' },
      data: { A: '1', B: '3', C: 'x=y' },
    });
    const web = byKind('Deployment');
    expect(web.metadata.namespace).toBe('prod');
    expect(web.metadata.labels).toEqual({ tier: 'front' });
    expect(web.spec.selector).toEqual({ matchLabels: { app: 'web' } });
    expect(web.spec.template.metadata.labels).toEqual({ app: 'web', tier: 'front' });
    expect(web.spec.replicas).toBe(3);
    expect(web.spec.template.spec.containers).toEqual([
      { name: 'web', image: 'example/web:2.0', env: [{ name: 'A', value: '0' }, { name: 'B', value: '2' }] },
      { name: 'side', image: 'registry.example:5000/side:1.1' },
    ]);
  });

  it('refuses what it does not implement instead of ignoring it', () => {
    const cases: Record<string, string> = {
      'an unknown field': 'resources: [d.yaml]\nreplicas: [{ name: web, count: 2 }]\n',
      'selector labels': 'resources: [d.yaml]\nlabels: [{ pairs: { a: b }, includeSelectors: true }]\n',
      'hashed generator names': 'resources: [d.yaml]\nconfigMapGenerator: [{ name: c, literals: ["A=1"] }]\n',
      'patch targets': 'resources: [d.yaml]\npatches: [{ path: d.yaml, target: { kind: Deployment } }]\n',
      'a patch matching nothing': 'resources: [d.yaml]\npatches: [{ path: p.yaml }]\n',
      'a duplicate resource': 'resources: [d.yaml, d.yaml]\n',
      'a missing resource': 'resources: [nope.yaml]\n',
      'merging into a missing ConfigMap': 'resources: [d.yaml]\nconfigMapGenerator: [{ name: c, behavior: merge, literals: ["A=1"] }]\n',
    };
    for (const [what, kustomization] of Object.entries(cases)) {
      const root = tree({
        'kustomization.yaml': kustomization,
        'd.yaml': deployment,
        'p.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: other\nspec:\n  replicas: 2\n',
      });
      expect(() => build(root), what).toThrow(KustomizeError);
    }
  });

  it('merges strategically: maps deep, keyed lists by key, other lists replaced, null deletes', () => {
    const merged = strategicMerge(
      { a: { b: 1, c: 2 }, volumes: [{ name: 'x', emptyDir: {} }], args: ['1', '2'], ports: [{ port: 80, name: 'http' }] },
      { a: { c: null, d: 3 }, volumes: [{ name: 'y', emptyDir: {} }], args: ['3'], ports: [{ port: 80, targetPort: 8080 }] },
      'test',
    );
    expect(merged).toEqual({
      a: { b: 1, d: 3 },
      volumes: [
        { name: 'x', emptyDir: {} },
        { name: 'y', emptyDir: {} },
      ],
      args: ['3'],
      ports: [{ port: 80, name: 'http', targetPort: 8080 }],
    });
    expect(() => strategicMerge({}, { $patch: 'delete' }, 'test')).toThrow(KustomizeError);
  });

  it('parses images and env files', () => {
    expect(parseImage('airwave/gateway')).toEqual({ name: 'airwave/gateway' });
    expect(parseImage('registry:5000/airwave/gateway:1.2')).toEqual({ name: 'registry:5000/airwave/gateway', tag: '1.2' });
    expect(parseImage('a/b:1@sha256:ff')).toEqual({ name: 'a/b', tag: '1', digest: 'sha256:ff' });
    expect(parseEnvFile('A=1\n# x\n\nB = 2\n', 'f')).toEqual([
      ['A', '1'],
      ['B ', ' 2'],
    ]);
    expect(() => parseEnvFile('NOVALUE\n', 'f')).toThrow(KustomizeError);
  });
});

describe('the schema validation', () => {
  it('rejects wrong types, missing required fields and unknown kinds', async () => {
    const problems = await validateManifests([
      { apiVersion: 'v1', kind: 'Service', metadata: { name: 'ok' }, spec: { ports: [{ port: 80 }] } },
      { apiVersion: 'v1', kind: 'Service', metadata: { name: 'port-as-text' }, spec: { ports: [{ port: '80' }] } },
      { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'no-selector' }, spec: { template: {} } },
      { apiVersion: 'apps/v1', kind: 'Deploymnet', metadata: { name: 'misspelt' } },
      { apiVersion: 'example.org/v1', kind: 'Widget', metadata: { name: 'unknown' } },
      { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'no-max' }, spec: { scaleTargetRef: { kind: 'Deployment', name: 'x' } } },
    ]);
    expect(problems.map((p) => p.id.split(' ').pop())).toEqual(['/port-as-text', '/no-selector', '/misspelt', '/unknown', '/no-max']);
  });
});

// KUBECTL=/path/to/kubectl pnpm test: the renderer must agree with the real Kustomize.
const kubectl = process.env.KUBECTL;
describe.skipIf(!kubectl)('agreement with kubectl kustomize', () => {
  it.each(findKustomizations(k8sRoot).map((dir) => relative(k8sRoot, dir)))('%s', (name) => {
    const output = execFileSync(kubectl!, ['kustomize', join(k8sRoot, name)], { encoding: 'utf8' });
    const expected = parseAllDocuments(output).map((d) => d.toJS() as any);
    const key = (m: any) => `${m.kind}/${m.metadata.namespace ?? ''}/${m.metadata.name}`;
    const sort = (list: any[]) => [...list].sort((a, b) => key(a).localeCompare(key(b)));
    expect(sort(build(join(k8sRoot, name)))).toEqual(sort(expected));
  });
});
