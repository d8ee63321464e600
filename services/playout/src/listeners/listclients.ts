// Icecast's list of a mount's listeners, `/admin/listclients?mount=` (Icecast 2.4): each listener's
// id, address, user agent and seconds connected. Icecast answers it to the mount's source
// credentials as well as to its admin, so the playout, which holds them to stream, can ask it
// without any change to Icecast (docs/decisions/listeners.md, "Without the hook").
import { XMLParser } from 'fast-xml-parser';
import { mountOf } from './icecast-stats';

export interface ListedListener {
  client: string;
  ip: string;
  agent: string;
  connected: number;
}

/** Where Icecast lists the listeners of a stream URL's mount (its origin, credentials left out); null when it is not http(s) or names no mount. */
export function listClientsUrl(streamUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(streamUrl);
  } catch {
    return null;
  }
  const mount = mountOf(streamUrl);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !mount) return null;
  return `${url.origin}/admin/listclients?mount=${encodeURIComponent(mount)}`;
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, isArray: (name) => name === 'listener' || name === 'source' });

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** The listeners of `mount` in Icecast's answer; null when the answer is not such a list (an error page, another mount). */
export function parseListClients(xml: string, mount: string): ListedListener[] | null {
  let doc: unknown;
  try {
    doc = parser.parse(xml);
  } catch {
    return null;
  }
  const sources = (doc as { icestats?: { source?: Array<Record<string, unknown>> } } | null)?.icestats?.source;
  const source = sources?.find((s) => s.mount === mount);
  if (!source) return null;
  const listeners = (source.listener ?? []) as Array<Record<string, unknown>>;
  return listeners.flatMap((l) => {
    const client = text(l.ID ?? l.id);
    const connected = Number(text(l.Connected));
    if (!/^\d{1,20}$/.test(client) || !Number.isInteger(connected) || connected < 0) return [];
    return [{ client, ip: text(l.IP).slice(0, 1024), agent: text(l.UserAgent).slice(0, 1024), connected }];
  });
}
