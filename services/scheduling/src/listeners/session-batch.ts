// Listener events counted where they arrive and written in batches (issue 46, "thousands of
// listener events a second"): the events of a batch folded into the sessions they open and close,
// so a batch is one insert and one update however many events it holds. A listener who came and
// went within the batch is one closed session; a connect whose client id is already listening
// (Icecast restarted and numbers its listeners again) closes the earlier session there. Each
// session's country is read from the address before it is hashed; the address is never kept. Pure
// (given pure `hash` and `country`).
import type { ListenerEventInput } from '@airwave/contracts';
import type { z } from 'zod';

type ListenerEvent = z.infer<typeof ListenerEventInput>;

export interface OpenedSession {
  mount: string;
  client: string;
  started: number;
  /** The listener's address as kept: a salted hash (address.ts). */
  address: string;
  /** ISO 3166-1 alpha-2 of the address (country.ts), null where unknown. */
  country: string | null;
  agent: string;
  /** Closed within the batch, else null. */
  ended: number | null;
}

export interface SessionBatch {
  opened: OpenedSession[];
  /** Sessions an earlier batch left open that this one ends, by mount and client, at `ended` (a disconnect; a connect under the same client id ends any still open there). */
  closed: { mount: string; client: string; ended: number }[];
}

const keyOf = (e: { mount: string; client: string }) => `${e.mount}\n${e.client}`;

/** The batch of the events (in the order they arrived), addresses hashed by `hash` after `country` read them. */
export function foldEvents(events: readonly ListenerEvent[], hash: (address: string) => string, country: (address: string) => string | null): SessionBatch {
  const opened = new Map<string, OpenedSession>();
  const done: OpenedSession[] = [];
  const closed = new Map<string, { mount: string; client: string; ended: number }>();
  const close = (key: string, mount: string, client: string, at: number) => {
    const open = opened.get(key);
    if (open) {
      done.push({ ...open, ended: Math.max(open.started, at) });
      opened.delete(key);
    } else closed.set(key, { mount, client, ended: at });
  };
  for (const event of events) {
    const key = keyOf(event);
    if (event.kind === 'remove') close(key, event.mount, event.client, event.at);
    else {
      // the same client id listening again: the one before is gone
      close(key, event.mount, event.client, event.at);
      const where = country(event.ip);
      opened.set(key, { mount: event.mount, client: event.client, started: event.at, address: hash(event.ip), country: where, agent: event.agent, ended: null });
    }
  }
  return { opened: [...done, ...opened.values()], closed: [...closed.values()] };
}
