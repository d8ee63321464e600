// Rules of user administration.

/** The LIKE pattern of a search: the text anywhere, case-insensitive, its own `\`, `%` and `_` literal. */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Each id once, in first-seen order. */
export const uniqueIds = (ids: number[]): number[] => [...new Set(ids)];

/** Changes that must be checked against the rule "one enabled user stays in Admin". */
export const mayLeaveAdminEmpty = (change: { group_ids?: number[] | undefined; enabled?: boolean | undefined }): boolean =>
  change.group_ids !== undefined || change.enabled === false;

/** Disabling a user or setting their password ends their sessions. */
export const endsSessions = (change: { enabled?: boolean | undefined; passwordHash?: string | undefined }): boolean =>
  change.enabled === false || Boolean(change.passwordHash);
