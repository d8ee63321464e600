// A user's searches: the saved ones and the history of advanced searches, as clients see them.
import type { SearchRow } from '../schema';

/** Advanced searches kept in a user's history (the oldest go first). */
export const HISTORY_LIMIT = 20;

const record = (r: SearchRow) => ({ id: r.id, filters: r.filters, description: r.description, default: r.is_default, created: r.created.toISOString() });

/** GET /media/searches: the user's searches (newest first), saved and history apart. */
export function savedAndHistory(rows: SearchRow[]) {
  return { saved: rows.filter((r) => r.kind === 'saved').map(record), history: rows.filter((r) => r.kind === 'history').map(record) };
}
