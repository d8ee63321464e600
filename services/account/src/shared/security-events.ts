// Security events recorded on their own (a login, a throttle delay): each in a transaction of its
// own, published at once. Events that describe a change are recorded in the change's transaction.
import type { EventPayload, EventType } from '@airwave/contracts';
import type { ActorInfo } from '@airwave/service-kit';
import type { AccountContext } from './context';

export interface PendingEvent<T extends EventType = EventType> {
  type: T;
  payload: EventPayload<T>;
}

export async function recordEvents({ db, events }: Pick<AccountContext, 'db' | 'events'>, pending: PendingEvent[], actor: ActorInfo): Promise<void> {
  if (pending.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const event of pending) await events.record(trx, event.type, event.payload, actor);
  });
  events.kick();
}

export const event = <T extends EventType>(type: T, payload: EventPayload<T>): PendingEvent => ({ type, payload }) as PendingEvent;
