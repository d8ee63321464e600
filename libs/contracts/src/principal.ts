// Who is calling: attached by the gateway, checked by the owning service.
import { z } from 'zod';

export const Principal = z.object({
  userId: z.number().int().positive(),
  username: z.string(),
  groupIds: z.array(z.number().int()),
  permissions: z.array(z.string()),
  /** How the caller authenticated: a login session, an app key, or the system itself. */
  via: z.enum(['session', 'appkey', 'system']),
  appKeyId: z.number().int().positive().optional(),
  /** Id (not the key) of the login session the request came with; lets logout end it. */
  sessionId: z.string().optional(),
});
export type Principal = z.infer<typeof Principal>;

/** The part of a principal that the account service caches for the gateway. */
export const PrincipalProfile = Principal.pick({ userId: true, username: true, groupIds: true, permissions: true });
export type PrincipalProfile = z.infer<typeof PrincipalProfile>;

export function hasPermission(principal: Pick<Principal, 'permissions'>, permission: string): boolean {
  return principal.permissions.includes(permission);
}
