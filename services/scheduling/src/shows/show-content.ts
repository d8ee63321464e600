// What a show's occurrences air, by name and length: OpenBroadcaster's `name` of get_shows rows
// (the media item's title, the playlist's name, "Line-In" for a live show, null where nothing of
// that name exists), the occurrence's `title` (the show's own name when it has one, else that), and
// `content_seconds`, how long what it airs lasts (the calendar's fill; null for a live show or when
// unknown). Asked of the media service once per distinct item (a thousand a request), never per
// occurrence (docs/decisions/scheduling.md, "A show's name, colour and fill").

export const LIVE_SHOW_NAME = 'Line-In';
const PER_REQUEST = 1000;

type Shown = { item_type: string; item_id: number; show_name?: string | null };
export interface ItemFacts {
  name: string;
  seconds: number | null;
}
/** The media service's answers: media items' titles and durations, playlists' names and lengths (missing ids absent). */
export interface AskItems {
  media(ids: number[]): Promise<{ id: number; title: string; duration: number | null }[]>;
  playlists(ids: number[]): Promise<{ id: number; name: string; duration?: number | undefined }[]>;
  clocks?(ids: number[]): Promise<{ id: number; name: string; duration: number }[]>;
}
export type ShowContent = { name: string | null; title: string | null; content_seconds: number | null };

async function factsOf(ids: number[], ask: (ids: number[]) => Promise<{ id: number; facts: ItemFacts }[]>): Promise<Map<number, ItemFacts>> {
  const facts = new Map<number, ItemFacts>();
  for (let i = 0; i < ids.length; i += PER_REQUEST) {
    for (const item of await ask(ids.slice(i, i + PER_REQUEST))) facts.set(item.id, item.facts);
  }
  return facts;
}

const idsOf = (rows: Shown[], type: string) => [...new Set(rows.filter((row) => row.item_type === type).map((row) => row.item_id))];

export async function withShowContent<T extends Shown>(rows: T[], ask: AskItems): Promise<(T & ShowContent)[]> {
  const [media, playlists, clocks] = await Promise.all([
    factsOf(idsOf(rows, 'media'), async (ids) => (await ask.media(ids)).map((m) => ({ id: m.id, facts: { name: m.title, seconds: m.duration } }))),
    factsOf(idsOf(rows, 'playlist'), async (ids) => (await ask.playlists(ids)).map((p) => ({ id: p.id, facts: { name: p.name, seconds: p.duration ?? null } }))),
    factsOf(ask.clocks ? idsOf(rows, 'clock') : [], async (ids) => (await ask.clocks!(ids)).map((c) => ({ id: c.id, facts: { name: c.name, seconds: c.duration } }))),
  ]);
  return rows.map((row) => {
    const facts = ({ media, playlist: playlists, clock: clocks } as Record<string, Map<number, ItemFacts>>)[row.item_type]?.get(row.item_id);
    const name = row.item_type === 'live' ? LIVE_SHOW_NAME : (facts?.name ?? null);
    return { ...row, name, title: row.show_name ?? name, content_seconds: facts?.seconds ?? null };
  });
}
