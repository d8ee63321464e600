// What OB Player's sync endpoint (remote.php, issue 31; docs/decisions/player-sync.md) asks the
// scheduling service: each operation authenticates the player and records the connect by kind (one
// bus call a reply), then answers the rundown, the alerts in force, or whether a download is allowed.
import { notFound, playerRemote, rundownWindowProblem } from '@airwave/contracts';
import { bindOperation, type CallContext } from '@airwave/service-kit';
import { sql } from 'kysely';
import type { SchedulingContext } from '../context';
import { alertRowsInForce } from '../alerts/handlers';
import { alertOut } from '../alerts/rules';
import type { PlayerPasswordChecker } from '../players/passwords';
import { fieldError } from '../schedule/times';
import { loadRundownPlayer } from '../rundown/player';
import { rundownOf } from '../rundown/rundown';
import { batchedBusSources } from '../rundown/sources';
import { connect } from './handlers';
import type { Kind } from './rules';

type Credentials = { id: number; password: string; alternative_password?: string | undefined; address: string };

const authenticate = (context: SchedulingContext, passwords: PlayerPasswordChecker, { id, password, alternative_password, address }: Credentials, kind: Kind, call: CallContext) =>
  connect(context, passwords, { id, password, address, kind }, call, alternative_password);

export function bindRemote(context: SchedulingContext, passwords: PlayerPasswordChecker) {
  const { db, bus, logger } = context;
  return Promise.all([
    bindOperation(bus, playerRemote.schedule, async (input, call) => {
      const problem = rundownWindowProblem(input.from * 1000, input.to * 1000);
      if (problem) throw fieldError('to', problem);
      await authenticate(context, passwords, input, 'schedule', call);
      const player = await loadRundownPlayer(db, input.id);
      if (!player) throw notFound('player not found');
      // The playlists a rundown asks for in one turn: one call to the media service (rundown/batch.ts).
      return { blocks: await rundownOf(db, batchedBusSources(bus, call), player, { start: input.from * 1000, end: input.to * 1000 }, Date.now(), logger) };
    }),
    bindOperation(bus, playerRemote.alerts, async (input, call) => {
      await authenticate(context, passwords, input, 'emergency', call);
      // Without the items' names and lengths (item_name, item_duration null): the gateway asks the
      // media service for the files, which carry them, so a reply asks it once.
      const { zone, rows } = await alertRowsInForce(context, input.id, input.from, input.to);
      return { alerts: rows.map((row) => alertOut(row, zone, undefined)) };
    }),
    bindOperation(bus, playerRemote.mayDownload, async (input, call) => {
      await authenticate(context, passwords, input, 'media', call);
      return { allowed: (await inRundown(context, input)) || (await inAlerts(context, input)) };
    }),
  ]);
}

/** Whether a block of the player's rundown (as resolved and answered to it) not ended by `from` holds the item. */
async function inRundown({ db }: SchedulingContext, { id, media_id, from, to }: { id: number; media_id: number; from: number; to: number }) {
  const row = await db
    .selectFrom('rundown_blocks')
    .select('player_id')
    .where('player_id', '=', id)
    .where('end', '>', new Date(from * 1000))
    .where('start', '<', new Date(to * 1000))
    .where(sql<boolean>`media_ids @> ARRAY[${media_id}]::integer[]`)
    .executeTakeFirst();
  return row !== undefined;
}

async function inAlerts(context: SchedulingContext, { id, media_id, from, to }: { id: number; media_id: number; from: number; to: number }) {
  const { rows } = await alertRowsInForce(context, id, from, to);
  return rows.some((row) => row.item_id === media_id);
}
