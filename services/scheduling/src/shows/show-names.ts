// What a show airs, by name, as OpenBroadcaster's get_shows rows carry it (`name`): the media
// item's title (asked of the media service, one request for the whole window), "Line-In" for a
// live show, null where nothing of that name exists (a deleted item, a playlist).

export const LIVE_SHOW_NAME = 'Line-In';
const PER_REQUEST = 1000;

type Shown = { item_type: string; item_id: number };
type AskTitles = (ids: number[]) => Promise<{ id: number; title: string }[]>;

export async function withShowNames<T extends Shown>(rows: T[], askTitles: AskTitles): Promise<(T & { name: string | null })[]> {
  const ids = [...new Set(rows.filter((row) => row.item_type === 'media').map((row) => row.item_id))];
  const titles = new Map<number, string>();
  for (let i = 0; i < ids.length; i += PER_REQUEST) {
    for (const item of await askTitles(ids.slice(i, i + PER_REQUEST))) titles.set(item.id, item.title);
  }
  return rows.map((row) => ({
    ...row,
    name: row.item_type === 'live' ? LIVE_SHOW_NAME : row.item_type === 'media' ? (titles.get(row.item_id) ?? null) : null,
  }));
}

