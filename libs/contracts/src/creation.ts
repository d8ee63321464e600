// One rule for creating, for every resource (docs/decisions/api-conventions.md, "Creating"):
// OpenBroadcaster's clients create with id 0 (`PUT /timeslots/0`), some with no id (`PUT /shows`),
// others with POST on the collection. For every operation marked `creates`, all three forms reach
// it; a form another operation already has keeps that operation. The gateway routes these and the
// OpenAPI document lists them.
import type { HttpMethod, Operation } from './operation';
import { httpOperations } from './registry';

export interface CreationRoute {
  method: Extract<HttpMethod, 'POST' | 'PUT'>;
  /** Under /api/v2, like an operation's path. */
  path: string;
  /** The operation that creates. */
  op: Operation;
  /** Inputs fixed by the route: `id: 0` where the creating operation is a save of `<collection>/:id`. */
  params: Record<string, unknown>;
}

export function creationRoutes(ops: Operation[] = httpOperations()): CreationRoute[] {
  const taken = new Set(ops.map((op) => `${op.http!.method} ${op.http!.path}`));
  const routes: CreationRoute[] = [];
  for (const op of ops) {
    if (!op.http?.creates) continue;
    const byId = op.http.path.endsWith('/:id');
    const collection = byId ? op.http.path.slice(0, -'/:id'.length) : op.http.path;
    const forms: [CreationRoute['method'], string][] = [
      ['POST', collection],
      ['PUT', collection],
      ['PUT', `${collection}/0`],
    ];
    for (const [method, path] of forms) {
      if (taken.has(`${method} ${path}`)) continue;
      taken.add(`${method} ${path}`);
      routes.push({ method, path, op, params: byId ? { id: 0 } : {} });
    }
  }
  return routes;
}

/** An `id` a client sends for a record that does not exist yet: 0, "0", "" or null. */
export const isNewRecordId = (id: unknown): boolean => id === 0 || id === '0' || id === '' || id === null;
