// Request/reply on the in-process hub: who answers a subject, delivery at the end of the event
// loop's turn, and the first reply (or the deadline) settling the request.
import { noResponders, timedOut } from './errors';
import type { Handler, InProcessHub } from './in-process-hub';
import type { Headers } from './types';

// Who answers a subject, per version of the hub's handler list (every change replaces the list), so a
// request neither scans every handler of every service nor regroups them: the plain subscribers
// (each gets the request) and, per queue group, its members (one of them gets it, in turn).
interface Audience {
  plain: Handler[];
  groups: { key: string; members: Handler[] }[];
}
const audienceIndexes = new WeakMap<Handler[], Map<string, Audience>>();
function audienceFor(hub: InProcessHub, subject: string): Audience | undefined {
  let index = audienceIndexes.get(hub.handlers);
  if (!index) {
    index = new Map();
    for (const handler of hub.handlers) {
      let audience = index.get(handler.subject);
      if (!audience) index.set(handler.subject, (audience = { plain: [], groups: [] }));
      if (handler.queue === undefined) audience.plain.push(handler);
      else {
        const key = `${handler.subject}|${handler.queue}`;
        let group = audience.groups.find((g) => g.key === key);
        if (!group) audience.groups.push((group = { key, members: [] }));
        group.members.push(handler);
      }
    }
    audienceIndexes.set(hub.handlers, index);
  }
  return index.get(subject);
}

/** The handlers a request on `fullSubject` goes to: every plain subscriber and one member of each queue group. */
export function chooseHandlers(hub: InProcessHub, fullSubject: string): Handler[] {
  const audience = audienceFor(hub, fullSubject);
  // The hub's list holds only handlers of open buses (drain closes a bus and takes its handlers out
  // in one step), so every one listed can be chosen; one that closes before delivery is skipped there.
  const chosen: Handler[] = [];
  if (audience) {
    chosen.push(...audience.plain);
    for (const group of audience.groups) {
      const turn = hub.roundRobin.get(group.key) ?? 0;
      hub.roundRobin.set(group.key, turn + 1);
      chosen.push(group.members[turn % group.members.length]!);
    }
  }
  return chosen;
}

// Requests reach their handlers at the end of the event loop's turn, all of that turn's together,
// as the NATS transport's arrive together in one read, rather than inside the caller's own turn.
// Besides behaving like a hop, it is faster: the embedded default spent 170-190 µs of CPU on an
// authenticated request when each was handled start to finish in its own turn, 108-114 µs with the
// handlers of a turn run together (BENCHMARKS.md, "The embedded default: one turn, one batch").
let deliveries: (() => void)[] = [];
function deliverTurn(): void {
  const turn = deliveries;
  deliveries = [];
  for (const deliver of turn) deliver();
}
function deliverLater(deliver: () => void): void {
  deliveries.push(deliver);
  if (deliveries.length === 1) setImmediate(deliverTurn);
}

/**
 * Delivers a request to the chosen handlers at the end of the turn; `read` turns the first reply's
 * text into the result (or throws its error).
 */
export function firstReply<T>(
  chosen: Handler[],
  subject: string,
  payload: string,
  headers: Headers,
  timeoutMs: number,
  read: (wire: string, subject: string) => T,
): Promise<T> {
  // The first reply wins, or the deadline; one promise and one timer per request.
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      reject(timedOut(subject, timeoutMs));
    }, timeoutMs);
    const onReply = (wire: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      try {
        resolve(read(wire, subject));
      } catch (error) {
        reject(error);
      }
    };
    const onFailure = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(error);
    };
    deliverLater(() => {
      let delivered = 0;
      for (const handler of chosen) {
        // A handler whose bus closed meanwhile is gone, as a drained NATS subscription would be.
        if (handler.bus.status() !== 'connected') continue;
        delivered += 1;
        handler.bus.invoke(handler, subject, payload, headers).then(onReply, onFailure);
      }
      if (delivered === 0) onFailure(noResponders(subject));
    });
  });
}
