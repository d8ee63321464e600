// Listeners from Icecast's own list (issue 46, the fallback where no hook reports them): the
// playout hands over each aired mount's whole list of listeners every few seconds, and the
// difference from the mount's open sessions is a batch like the hook's (session-batch.ts): a
// listener not yet open starts a session when Icecast says it connected (its `connected` seconds
// before the list was read, so to the second); an open session Icecast no longer lists ended between
// the list before and this one (the middle of the two, so within half the interval). A client id
// open since well before Icecast says its listener connected is another listener under the same id
// (Icecast restarted and numbers them again): the first ended when the second connected. Pure.
import type { ListedListener } from '@airwave/contracts';
import type { z } from 'zod';
import type { SessionBatch } from './session-batch';

type Listed = z.infer<typeof ListedListener>;

/** A session of the mount still open, as stored. */
export interface OpenSession {
  client: string;
  started: number;
}

export interface Snapshot {
  mount: string;
  at: number;
  since: number | null;
  listeners: readonly Listed[];
}

/** How much earlier than Icecast's own connect a session may have started and still be that listener's (the hook's clock, the seconds Icecast rounds). */
export const SAME_LISTENER_MS = 5000;

/** The sessions the list opens and closes, addresses hashed by `hash` after `country` read them. */
export function snapshotBatch(open: readonly OpenSession[], snapshot: Snapshot, hash: (address: string) => string, country: (address: string) => string | null): SessionBatch {
  const { mount, at, since } = snapshot;
  const openByClient = new Map(open.map((s) => [s.client, s]));
  const listed = new Set<string>();
  const batch: SessionBatch = { opened: [], closed: [] };
  for (const listener of snapshot.listeners) {
    if (listed.has(listener.client)) continue;
    listed.add(listener.client);
    const connected = at - listener.connected * 1000;
    const session = openByClient.get(listener.client);
    if (session && session.started >= connected - SAME_LISTENER_MS) continue;
    if (session) batch.closed.push({ mount, client: listener.client, ended: connected });
    batch.opened.push({ mount, client: listener.client, started: connected, address: hash(listener.ip), country: country(listener.ip), agent: listener.agent, ended: null });
  }
  const gone = since === null ? at : Math.round((since + at) / 2);
  for (const session of open) if (!listed.has(session.client)) batch.closed.push({ mount, client: session.client, ended: gone });
  return batch;
}
