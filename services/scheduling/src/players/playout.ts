// What the playout service asks (issue 34): the players aired by Airwave, with their Icecast mount
// and its source password sealed for the playout (AIRWAVE_PLAYOUT_KEY; internal only: no HTTP
// route reaches it, and what else reads the bus gets the sealed value).
import { playoutInternal, type AiredPlayer } from '@airwave/contracts';
import { bindOperation, sealForPlayout, sourceOwner } from '@airwave/service-kit';
import type { SchedulingContext } from '../context';
import { openSourcePassword } from './source-password';

export async function airedPlayers({ db, secrets, forPlayout }: SchedulingContext, ids: number[] | undefined): Promise<AiredPlayer[]> {
  let query = db.selectFrom('players').select(['id', 'name', 'timezone', 'stream_url', 'source_password_sealed', 'support_linein', 'loudness_target']).where('playout', '=', 'airwave');
  if (ids) query = query.where('id', 'in', ids.length > 0 ? ids : [0]);
  const rows = await query.orderBy('id').execute();
  return rows.map(({ source_password_sealed, ...row }) => ({
    ...row,
    source_password: sealForPlayout(forPlayout, openSourcePassword(secrets, { id: row.id, source_password_sealed }), sourceOwner.player(row.id)),
  }));
}

export const bindPlayout = (context: SchedulingContext) => Promise.all([bindOperation(context.bus, playoutInternal.players, ({ ids }) => airedPlayers(context, ids))]);
