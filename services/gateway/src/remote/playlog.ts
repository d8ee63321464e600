// `action=playlog_post`'s `data` (PROTOCOL.md 1.8): the `<entry>` elements of OB Player's playlog
// document, filtered as OB's PlaylogPostAction skips entries (media_id digits, a start, a known
// context, digits emerg_id for emerg) and as the as-run log accepts them, so a post never fails on
// one entry (the player would resend it forever). An entry that cannot be stored (a character XML
// does not allow, as text or as a reference) is skipped and counted, never a failure of the post.
// The document is read in one pass (a run of unclosed `<entry>` once froze the gateway for 26 s).
import { AsRunInput } from '@airwave/contracts';
import type { z } from 'zod';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Whether XML 1.0 allows a character (its `Char` production; so PostgreSQL's text takes it too: no NUL). */
const allowedInXml = (code: number) =>
  code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);

/** Whether every character of a text is one XML allows (a lone surrogate is read as its own code point, and refused). */
function allCharsAllowed(text: string): boolean {
  for (const char of text) if (!allowedInXml(char.codePointAt(0)!)) return false;
  return true;
}

/** Element text with XML's entities and character references decoded; null when it holds a character XML does not allow. */
export function decodeXmlText(text: string): string | null {
  if (!allCharsAllowed(text)) return null;
  let valid = true;
  const decoded = text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (whole, name: string) => {
    if (!name.startsWith('#')) return ENTITIES[name] ?? whole;
    const code = name.startsWith('#x') ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    if (allowedInXml(code)) return String.fromCodePoint(code);
    valid = false;
    return '';
  });
  return valid ? decoded : null;
}

/** The direct children of a flat element: name to text (the first of a name wins; `<x/>` is ""); null when a text cannot be stored. */
function childrenOf(xml: string): Record<string, string> | null {
  const fields: Record<string, string> = {};
  for (const match of xml.matchAll(/<([A-Za-z_][\w.-]*)\s*(?:\/>|>([^<]*)<\/\1\s*>)/g)) {
    const name = match[1]!;
    if (name in fields) continue;
    const text = decodeXmlText(match[2] ?? '');
    if (text === null) return null;
    fields[name] = text;
  }
  return fields;
}

/** The contents of each `<entry>…</entry>`, in one pass: an entry ends at the first `</entry>` after it, an unclosed one ends the list. */
function* entryBodies(data: string): Generator<string> {
  const open = /<entry\s*>/g;
  const close = /<\/entry\s*>/g;
  for (;;) {
    const start = open.exec(data);
    if (!start) return;
    close.lastIndex = open.lastIndex;
    const end = close.exec(data);
    if (!end) return;
    yield data.slice(open.lastIndex, end.index);
    open.lastIndex = close.lastIndex;
  }
}

/** Whether `data` is an OB playlog document at all. */
export const isPlaylogDocument = (data: string): boolean => /<obconnect[\s>/]/.test(data);

export interface Playlog {
  /** The entries OB would store, as the as-run log takes them. */
  entries: z.output<typeof AsRunInput>[];
  /** Entries that hold a character that cannot be stored: skipped (and acknowledged, so not sent again). */
  unstorable: number;
}

/** The entries of a playlog document OB would store. */
export function playlogEntries(data: string): Playlog {
  const entries: z.output<typeof AsRunInput>[] = [];
  let unstorable = 0;
  for (const body of entryBodies(data)) {
    const f = childrenOf(body);
    if (f === null) {
      unstorable += 1;
      continue;
    }
    if (!/^\d+$/.test(f.media_id ?? '') || !f.datetime || !['show', 'emerg', 'fallback'].includes(f.context ?? '')) continue;
    if (f.context === 'emerg' && !/^\d+$/.test(f.emerg_id ?? '')) continue;
    const emergId = /^\d+$/.test(f.emerg_id ?? '') ? Number(f.emerg_id) : 0;
    const parsed = AsRunInput.safeParse({ media_id: f.media_id, artist: f.artist ?? '', title: f.title ?? '', timestamp: f.datetime, context: f.context, emerg_id: emergId, notes: f.notes ?? '' });
    if (parsed.success) entries.push(parsed.data);
  }
  return { entries, unstorable };
}
