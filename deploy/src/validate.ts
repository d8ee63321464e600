// Validates manifests against the Kubernetes OpenAPI schemas, through the compiled JSON-schema
// validators of the `kubernetes-models` package (one model class per apiVersion and kind).
import type { Manifest } from './kustomize';

export interface ValidationProblem {
  id: string;
  message: string;
}

/** `apps/v1` + `Deployment` → `kubernetes-models/apps/v1/Deployment`; core `v1` → `kubernetes-models/v1/Service`. */
export function modelModule(apiVersion: string, kind: string): string {
  return `kubernetes-models/${apiVersion}/${kind}`;
}

type ModelClass = new (data: unknown) => { validate(): void };

async function loadModel(apiVersion: string, kind: string): Promise<ModelClass | undefined> {
  if (!/^([a-z0-9.-]+\/)?v[0-9a-z]+$/.test(apiVersion) || !/^[A-Z][A-Za-z0-9]*$/.test(kind)) return undefined;
  try {
    const module = (await import(modelModule(apiVersion, kind))) as Record<string, unknown>;
    const model = module[kind];
    return typeof model === 'function' ? (model as ModelClass) : undefined;
  } catch {
    return undefined;
  }
}

/** Problems of each manifest: an unknown apiVersion/kind, or a schema violation. Empty when all are valid. */
export async function validateManifests(manifests: Manifest[]): Promise<ValidationProblem[]> {
  const problems: ValidationProblem[] = [];
  for (const manifest of manifests) {
    const id = `${manifest.apiVersion} ${manifest.kind} ${manifest.metadata.namespace ?? ''}/${manifest.metadata.name}`;
    const Model = await loadModel(manifest.apiVersion, manifest.kind);
    if (!Model) {
      problems.push({ id, message: `no schema for ${manifest.apiVersion} ${manifest.kind} (unknown or removed API)` });
      continue;
    }
    try {
      new Model(manifest).validate();
    } catch (error) {
      problems.push({ id, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return problems;
}
