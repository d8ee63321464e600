// Row mappers shared by the areas: how stored rows become replies, and how a partial edit becomes
// the columns it sets.

/** A row's `created` and `last_access` as ISO strings (`last_access` null until the first use). */
export function withIsoTimes<T extends { created: Date; last_access: Date | null }>(row: T): Omit<T, 'created' | 'last_access'> & { created: string; last_access: string | null } {
  return { ...row, created: row.created.toISOString(), last_access: row.last_access?.toISOString() ?? null };
}

/** The fields of a partial edit that were sent (a `PUT` changes only those). */
export function sentFields<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** True for PostgreSQL's unique_violation (a taken username, email or name). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
