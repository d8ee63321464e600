// Rules of groups: Admin (1) always holds every permission and stays, as does Users (2), the
// default group of new accounts.
import { badRequest, conflict } from '@airwave/contracts';
import { ADMIN_GROUP_ID, USERS_GROUP_ID } from '../schema';

export function assertPermissionsEditable(groupId: number, permissions: string[] | undefined): void {
  if (permissions && groupId === ADMIN_GROUP_ID) throw badRequest('The Admin group always holds every permission; its permissions cannot be edited.');
}

export function assertDeletable(groupId: number): void {
  if (groupId === ADMIN_GROUP_ID || groupId === USERS_GROUP_ID) throw conflict('The Admin and Users groups cannot be deleted.');
}

/** The columns a group edit sets (only those sent). */
export function groupChanges({ name, description }: { name?: string | undefined; description?: string | undefined }): { name?: string; description?: string } {
  return { ...(name !== undefined ? { name } : {}), ...(description !== undefined ? { description } : {}) };
}

/** Each permission once, in first-seen order. */
export const uniquePermissions = (permissions: string[]): string[] => [...new Set(permissions)];

export const GROUP_NAME_TAKEN = 'A group with that name already exists.';
