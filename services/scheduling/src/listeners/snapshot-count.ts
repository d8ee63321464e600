// A mount's list of listeners from the playout (snapshot.ts), counted: ignored where the player has
// a listener hook (the hook counts its listeners, to the instant), else diffed against the mount's
// open sessions and written in one transaction, as a batch of the hook's is.
import type { listenerSnapshots } from '@airwave/contracts';
import type { z } from 'zod';
import type { SchedulingContext } from '../context';
import { addressHash } from './address';
import { countryOf } from './country';
import { stationSalt } from './salt';
import { snapshotBatch } from './snapshot';
import { hookKeyHash, writeBatch } from './store';

type SnapshotInput = z.infer<typeof listenerSnapshots.snapshot.input>;

export async function countSnapshot(context: SchedulingContext, input: SnapshotInput): Promise<{ counted: boolean }> {
  const { db } = context;
  if ((await hookKeyHash(db, input.player_id)) !== undefined) return { counted: false };
  if (!(await db.selectFrom('players').select('id').where('id', '=', input.player_id).executeTakeFirst())) return { counted: false };
  const salt = await stationSalt(context);
  await db.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom('listener_sessions')
      .select(['client', 'started'])
      .where('player_id', '=', input.player_id)
      .where('mount', '=', input.mount)
      .where('ended', 'is', null)
      .forUpdate()
      .execute();
    const batch = snapshotBatch(open.map((s) => ({ client: s.client, started: s.started.getTime() })), input, (ip) => addressHash(ip, salt), countryOf);
    await writeBatch(trx, input.player_id, batch);
  });
  return { counted: true };
}
