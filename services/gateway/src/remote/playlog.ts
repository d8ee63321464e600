// `action=playlog_post`'s `data` (PROTOCOL.md 1.8): the `<entry>` elements of OB Player's playlog
// document, filtered as OB's PlaylogPostAction skips entries (media_id digits, a start, a known
// context, digits emerg_id for emerg) and as the as-run log accepts them, so a post never fails on
// one entry (the player would resend it forever).
import { AsRunInput } from '@airwave/contracts';
import type { z } from 'zod';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Element text with XML's entities and character references decoded. */
export function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
}

/** The direct children of a flat element: name to text (the first of a name wins; `<x/>` is ""). */
function childrenOf(xml: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of xml.matchAll(/<([A-Za-z_][\w.-]*)\s*(?:\/>|>([^<]*)<\/\1\s*>)/g)) {
    const name = match[1]!;
    if (!(name in fields)) fields[name] = decodeXmlText(match[2] ?? '');
  }
  return fields;
}

/** Whether `data` is an OB playlog document at all. */
export const isPlaylogDocument = (data: string): boolean => /<obconnect[\s>/]/.test(data);

/** The entries OB would store, as the as-run log takes them. */
export function playlogEntries(data: string): z.output<typeof AsRunInput>[] {
  const entries: z.output<typeof AsRunInput>[] = [];
  for (const match of data.matchAll(/<entry\s*>([\s\S]*?)<\/entry\s*>/g)) {
    const f = childrenOf(match[1]!);
    if (!/^\d+$/.test(f.media_id ?? '') || !f.datetime || !['show', 'emerg', 'fallback'].includes(f.context ?? '')) continue;
    if (f.context === 'emerg' && !/^\d+$/.test(f.emerg_id ?? '')) continue;
    const emergId = /^\d+$/.test(f.emerg_id ?? '') ? Number(f.emerg_id) : 0;
    const parsed = AsRunInput.safeParse({ media_id: f.media_id, artist: f.artist ?? '', title: f.title ?? '', timestamp: f.datetime, context: f.context, emerg_id: emergId, notes: f.notes ?? '' });
    if (parsed.success) entries.push(parsed.data);
  }
  return entries;
}
