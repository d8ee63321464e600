// Icecast's public statistics, `/status-json.xsl` (Icecast 2.4): how many listeners each mount has.
// Icecast 2.4 answers `icestats.source` as an object for one mount, an array for several, and
// leaves it out when no source is connected; a source names its mount only in its `listenurl`.

/** Where the Icecast of a stream URL answers its statistics (its origin, credentials left out); null when it is not http(s). */
export function statsUrlOf(streamUrl: string): string | null {
  const url = parseUrl(streamUrl);
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? `${url.origin}/status-json.xsl` : null;
}

/** The mount a stream URL names (`/fm.mp3`), or null. */
export function mountOf(streamUrl: string): string | null {
  const url = parseUrl(streamUrl);
  return url && url.pathname.length > 1 ? url.pathname : null;
}

/** Each mount Icecast lists, with its listeners; null when the answer is not Icecast's statistics. */
export function mountListeners(body: unknown): Map<string, number> | null {
  const stats = field(body, 'icestats');
  if (!stats || typeof stats !== 'object') return null;
  const source = field(stats, 'source');
  const sources = Array.isArray(source) ? source : source === undefined || source === null ? [] : [source];
  const mounts = new Map<string, number>();
  for (const entry of sources) {
    const listeners = field(entry, 'listeners');
    const mount = mountOfSource(entry);
    if (mount && typeof listeners === 'number' && Number.isInteger(listeners) && listeners >= 0) mounts.set(mount, listeners);
  }
  return mounts;
}

/** A source's mount: `mount` where a later Icecast gives it, else the path of its `listenurl`. */
function mountOfSource(entry: unknown): string | null {
  const mount = field(entry, 'mount');
  if (typeof mount === 'string' && mount.startsWith('/')) return mount;
  const listenUrl = field(entry, 'listenurl');
  return typeof listenUrl === 'string' ? mountOf(listenUrl) : null;
}

const field = (value: unknown, name: string): unknown => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[name] : undefined);

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}
