// The endpoints an app key may be allowed to call: every API route open to app keys, from the
// contracts (the same list the gateway routes).
import { operationGroups, type Operation } from '@airwave/contracts';

export type Endpoint = ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];

/** Each with the permission its operation needs (a key acts with its user's permissions, so one the user lacks is refused). */
export const endpointChoices: { value: string; label: string; permission: string | null }[] = Object.values(operationGroups as Record<string, Record<string, Operation>>)
  .flatMap((group) => Object.values(group))
  .filter((op) => op.http && op.appKeys !== false && op.auth !== 'none')
  .map((op) => {
    const path = op.http!.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    return { value: `${op.http!.method} ${path}`, label: `${op.http!.method} ${path} — ${op.http!.summary ?? ''}`, permission: op.permission ?? null };
  })
  .sort((a, b) => a.value.localeCompare(b.value));

export const toEndpoint = (value: string): Endpoint => {
  const [method, path] = value.split(' ');
  return [method as Endpoint[0], path!];
};
