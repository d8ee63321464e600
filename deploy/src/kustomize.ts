// A small Kustomize renderer for exactly the features deploy/k8s uses, so that CI can render and
// validate every kustomization without a kustomize binary (none is installable from the
// registries this project may use). Anything outside this subset is an error, never ignored:
//
//   resources (files of one or more documents, or directories holding a kustomization.yaml),
//   namespace, labels (pairs, includeSelectors: false, includeTemplates),
//   configMapGenerator (envs, literals, behavior create|merge|replace) with
//   generatorOptions.disableNameSuffixHash: true, patches (strategic merge, by path, matched on
//   kind and name), images (name, newName, newTag, digest).
//
// When KUBECTL names a kubectl binary, the tests compare this renderer's output with
// `kubectl kustomize` (see kustomize.test.ts).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';

export type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; [key: string]: unknown };
  [key: string]: unknown;
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export class KustomizeError extends Error {
  override name = 'KustomizeError';
}

const supportedKeys = new Set([
  'apiVersion',
  'kind',
  'resources',
  'namespace',
  'labels',
  'generatorOptions',
  'configMapGenerator',
  'patches',
  'images',
]);

/** Kinds that have no namespace (the ones this renderer may meet). */
const clusterScoped = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'PersistentVolume',
  'StorageClass',
  'PriorityClass',
  'IngressClass',
  'ValidatingWebhookConfiguration',
  'MutatingWebhookConfiguration',
]);

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

const idOf = (m: Manifest) => `${m.kind}/${m.metadata.namespace ?? '~'}/${m.metadata.name}`;

/** Reads every YAML document of a file (empty documents skipped). */
export function readYamlDocuments(file: string): unknown[] {
  const documents = parseAllDocuments(readFileSync(file, 'utf8'));
  const values: unknown[] = [];
  for (const document of documents) {
    if (document.errors.length > 0) throw new KustomizeError(`${file}: ${document.errors[0]!.message}`);
    const value = document.toJS() as unknown;
    if (value !== null && value !== undefined) values.push(value);
  }
  return values;
}

function asManifest(value: unknown, source: string): Manifest {
  if (!isObject(value) || typeof value.apiVersion !== 'string' || typeof value.kind !== 'string' || !isObject(value.metadata) || typeof value.metadata.name !== 'string') {
    throw new KustomizeError(`${source}: every document needs apiVersion, kind and metadata.name`);
  }
  return value as unknown as Manifest;
}

function findKustomization(dir: string): string {
  for (const name of ['kustomization.yaml', 'kustomization.yml', 'Kustomization']) {
    const file = join(dir, name);
    if (existsSync(file)) return file;
  }
  throw new KustomizeError(`${dir}: no kustomization.yaml`);
}

/** Renders the kustomization in `dir` (like `kustomize build dir`). */
export function build(dir: string): Manifest[] {
  const root = resolve(dir);
  const file = findKustomization(root);
  const [kustomization, ...rest] = readYamlDocuments(file);
  if (!isObject(kustomization) || rest.length > 0) throw new KustomizeError(`${file}: must hold one mapping`);
  for (const key of Object.keys(kustomization)) {
    if (!supportedKeys.has(key)) throw new KustomizeError(`${file}: "${key}" is not supported by this renderer`);
  }
  if (kustomization.kind !== undefined && kustomization.kind !== 'Kustomization') throw new KustomizeError(`${file}: kind must be Kustomization`);

  // 1. Resources, in order; ids must be unique.
  let resources: Manifest[] = [];
  for (const entry of list(kustomization.resources, file, 'resources')) {
    if (typeof entry !== 'string') throw new KustomizeError(`${file}: resources must be paths`);
    const path = resolve(root, entry);
    if (!existsSync(path)) throw new KustomizeError(`${file}: resource ${entry} does not exist`);
    if (statSync(path).isDirectory()) resources.push(...build(path));
    else resources.push(...readYamlDocuments(path).map((value) => asManifest(value, path)));
  }

  // 2. Generators.
  const options = kustomization.generatorOptions;
  const generators = list(kustomization.configMapGenerator, file, 'configMapGenerator');
  const noHash = isObject(options) && options.disableNameSuffixHash === true && Object.keys(options).length === 1;
  if (options !== undefined && !noHash) throw new KustomizeError(`${file}: only generatorOptions.disableNameSuffixHash: true is supported`);
  // A created ConfigMap would get a content hash in its name (not supported); a merged or replaced
  // one keeps the name of the one it changes.
  if (!noHash && generators.some((g) => isObject(g) && (g.behavior ?? 'create') === 'create')) {
    throw new KustomizeError(`${file}: configMapGenerator needs generatorOptions.disableNameSuffixHash: true (name hashes are not supported)`);
  }
  for (const generator of generators) resources = applyConfigMapGenerator(resources, generator, root, file, kustomization.namespace);

  // 3. Transformers: patches, namespace, labels, images.
  for (const patch of list(kustomization.patches, file, 'patches')) resources = applyPatch(resources, patch, root, file);
  if (kustomization.namespace !== undefined) {
    if (typeof kustomization.namespace !== 'string') throw new KustomizeError(`${file}: namespace must be a string`);
    const namespace = kustomization.namespace;
    resources = resources.map((m) => (clusterScoped.has(m.kind) ? m : { ...m, metadata: { ...m.metadata, namespace } }));
  }
  for (const entry of list(kustomization.labels, file, 'labels')) resources = resources.map((m) => applyLabels(m, entry, file));
  for (const image of list(kustomization.images, file, 'images')) resources = resources.map((m) => applyImage(m, image, file));

  const seen = new Set<string>();
  for (const m of resources) {
    const id = idOf(m);
    if (seen.has(id)) throw new KustomizeError(`${file}: ${id} is defined twice`);
    seen.add(id);
  }
  return resources;
}

function list(value: Json | undefined, file: string, key: string): Json[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new KustomizeError(`${file}: ${key} must be a list`);
  return value;
}

function only(entry: JsonObject, keys: string[], file: string, what: string) {
  for (const key of Object.keys(entry)) {
    if (!keys.includes(key)) throw new KustomizeError(`${file}: ${what}: "${key}" is not supported by this renderer`);
  }
}

/** Parses an env file the way kustomize does: KEY=VALUE lines, # comments, blank lines. */
export function parseEnvFile(text: string, source: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const at = line.indexOf('=');
    if (at <= 0) throw new KustomizeError(`${source}:${index + 1}: expected KEY=VALUE`);
    pairs.push([line.slice(0, at), line.slice(at + 1)]);
  }
  return pairs;
}

function applyConfigMapGenerator(resources: Manifest[], generator: Json, root: string, file: string, namespace: Json | undefined): Manifest[] {
  if (!isObject(generator) || typeof generator.name !== 'string') throw new KustomizeError(`${file}: configMapGenerator entries need a name`);
  only(generator, ['name', 'envs', 'literals', 'behavior'], file, `configMapGenerator ${generator.name}`);
  const data: Record<string, string> = {};
  for (const env of list(generator.envs, file, 'envs')) {
    if (typeof env !== 'string') throw new KustomizeError(`${file}: envs must be paths`);
    const path = resolve(root, env);
    for (const [key, value] of parseEnvFile(readFileSync(path, 'utf8'), path)) data[key] = value;
  }
  for (const literal of list(generator.literals, file, 'literals')) {
    if (typeof literal !== 'string' || literal.indexOf('=') <= 0) throw new KustomizeError(`${file}: literals must be KEY=VALUE strings`);
    const at = literal.indexOf('=');
    data[literal.slice(0, at)] = literal.slice(at + 1);
  }
  const behavior = generator.behavior ?? 'create';
  const name = generator.name;
  const existing = resources.findIndex((m) => m.kind === 'ConfigMap' && m.metadata.name === name);
  if (behavior === 'create') {
    if (existing >= 0) throw new KustomizeError(`${file}: ConfigMap ${name} already exists (use behavior: merge or replace)`);
    const configMap: Manifest = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data };
    if (typeof namespace === 'string') configMap.metadata.namespace = namespace;
    return [...resources, configMap];
  }
  if (behavior !== 'merge' && behavior !== 'replace') throw new KustomizeError(`${file}: unknown behavior ${String(behavior)}`);
  if (existing < 0) throw new KustomizeError(`${file}: ConfigMap ${name} to ${behavior} does not exist`);
  const base = resources[existing]!;
  const merged: Manifest = {
    ...base,
    data: behavior === 'merge' ? { ...(isObject(base.data) ? base.data : {}), ...data } : data,
  };
  return resources.map((m, index) => (index === existing ? merged : m));
}

function applyPatch(resources: Manifest[], patch: Json, root: string, file: string): Manifest[] {
  if (!isObject(patch) || typeof patch.path !== 'string') throw new KustomizeError(`${file}: patches entries need a path (strategic merge patches only)`);
  only(patch, ['path'], file, 'patch');
  const path = resolve(root, patch.path);
  const documents = readYamlDocuments(path).map((value) => asManifest(value, path));
  let result = resources;
  for (const document of documents) {
    const matches = result.filter(
      (m) =>
        m.kind === document.kind &&
        m.metadata.name === document.metadata.name &&
        (document.metadata.namespace === undefined || m.metadata.namespace === document.metadata.namespace),
    );
    if (matches.length !== 1) throw new KustomizeError(`${path}: patch of ${document.kind}/${document.metadata.name} matches ${matches.length} resources`);
    result = result.map((m) => (m === matches[0] ? (strategicMerge(m as unknown as JsonObject, document as unknown as JsonObject, path) as unknown as Manifest) : m));
  }
  return result;
}

/** Lists merged by a key (the Kubernetes patchMergeKey) instead of being replaced. */
const mergeKeys: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
  // Container ports merge by containerPort, Service ports by port.
  ports: 'containerPort|port',
  imagePullSecrets: 'name',
};

/** Strategic merge: maps merge recursively, null deletes, keyed lists merge by key, other lists are replaced. */
export function strategicMerge(target: JsonObject, patch: JsonObject, source: string): JsonObject {
  const result: JsonObject = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (key.startsWith('$')) throw new KustomizeError(`${source}: patch directive ${key} is not supported`);
    const current = result[key];
    if (value === null) {
      delete result[key];
    } else if (isObject(value) && isObject(current)) {
      result[key] = strategicMerge(current, value, source);
    } else if (Array.isArray(value) && Array.isArray(current) && mergeKeys[key]) {
      const candidates = mergeKeys[key].split('|');
      const mergeKey = candidates.find((k) => value.every((item) => isObject(item) && item[k] !== undefined)) ?? candidates[0]!;
      result[key] = mergeList(current, value, mergeKey, source);
    } else {
      result[key] = value;
    }
  }
  return result;
}

function mergeList(current: Json[], patch: Json[], mergeKey: string, source: string): Json[] {
  const result = [...current];
  for (const item of patch) {
    if (!isObject(item) || item[mergeKey] === undefined) throw new KustomizeError(`${source}: list items need their merge key ${mergeKey}`);
    const index = result.findIndex((existing) => isObject(existing) && existing[mergeKey] === item[mergeKey]);
    if (index >= 0) result[index] = strategicMerge(result[index] as JsonObject, item, source);
    else result.push(item);
  }
  return result;
}

/** Pod templates of the workload kinds (where includeTemplates puts labels and images live). */
function podTemplates(m: Manifest): JsonObject[] {
  const spec = (m as unknown as JsonObject).spec;
  if (!isObject(spec)) return [];
  if (['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job'].includes(m.kind) && isObject(spec.template)) return [spec.template];
  if (m.kind === 'CronJob' && isObject(spec.jobTemplate) && isObject(spec.jobTemplate.spec) && isObject(spec.jobTemplate.spec.template)) {
    return [spec.jobTemplate.spec.template];
  }
  return [];
}

function applyLabels(m: Manifest, entry: Json, file: string): Manifest {
  if (!isObject(entry) || !isObject(entry.pairs)) throw new KustomizeError(`${file}: labels entries need pairs`);
  only(entry, ['pairs', 'includeSelectors', 'includeTemplates'], file, 'labels');
  if (entry.includeSelectors === true) throw new KustomizeError(`${file}: labels.includeSelectors: true is not supported (selectors are written by hand)`);
  const pairs = entry.pairs as Record<string, string>;
  const copy = structuredClone(m);
  copy.metadata.labels = { ...(copy.metadata.labels ?? {}), ...pairs };
  if (entry.includeTemplates === true) {
    for (const template of podTemplates(copy)) {
      const metadata = (isObject(template.metadata) ? template.metadata : (template.metadata = {})) as JsonObject;
      metadata.labels = { ...(isObject(metadata.labels) ? metadata.labels : {}), ...pairs };
    }
  }
  return copy;
}

/** Splits `name[:tag][@digest]` (a registry port is not a tag). */
export function parseImage(image: string): { name: string; tag?: string; digest?: string } {
  let rest = image;
  let digest: string | undefined;
  const at = rest.indexOf('@');
  if (at >= 0) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
  }
  const colon = rest.lastIndexOf(':');
  if (colon > rest.lastIndexOf('/')) return { name: rest.slice(0, colon), tag: rest.slice(colon + 1), ...(digest ? { digest } : {}) };
  return { name: rest, ...(digest ? { digest } : {}) };
}

function applyImage(m: Manifest, image: Json, file: string): Manifest {
  if (!isObject(image) || typeof image.name !== 'string') throw new KustomizeError(`${file}: images entries need a name`);
  only(image, ['name', 'newName', 'newTag', 'digest'], file, 'images');
  const templates = podTemplates(m);
  if (templates.length === 0) return m;
  const copy = structuredClone(m);
  for (const template of podTemplates(copy)) {
    const spec = template.spec;
    if (!isObject(spec)) continue;
    for (const key of ['containers', 'initContainers']) {
      for (const container of Array.isArray(spec[key]) ? spec[key] : []) {
        if (!isObject(container) || typeof container.image !== 'string') continue;
        const parsed = parseImage(container.image);
        if (parsed.name !== image.name) continue;
        const name = typeof image.newName === 'string' ? image.newName : parsed.name;
        if (typeof image.digest === 'string') container.image = `${name}@${image.digest}`;
        else if (image.newTag !== undefined) container.image = `${name}:${String(image.newTag)}`;
        else container.image = `${name}${parsed.tag ? `:${parsed.tag}` : ''}${parsed.digest ? `@${parsed.digest}` : ''}`;
      }
    }
  }
  return copy;
}

/** Every directory under `root` that holds a kustomization.yaml. */
export function findKustomizations(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    if (existsSync(join(dir, 'kustomization.yaml'))) found.push(dir);
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
    }
  };
  walk(resolve(root));
  return found;
}

export const k8sRoot = resolve(dirname(new URL(import.meta.url).pathname), '..', 'k8s');
