// `playout.status`: whether this replica airs (and why not), every lease with the player's harbor
// (where a live source connects) and its listeners, and this replica's harbor settings (GET /playout/status);
// `playout.listeners`: one player's listeners, for everyone (GET /players/:id/listeners).
import type { Bus } from '@airwave/bus';
import { playout } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { EngineChoice } from './engines';
import { HARBOR_MOUNT, harborOf, loopback, type HarborSetting } from './harbor';
import { listLeases } from './leases/queries';
import type { ListenerCounts } from './listeners/counts';
import type { PlayoutDB } from './schema';

/** `listeners`: how many listen to each player's stream (listeners/counts.ts); without it, unknown. */
export const bindStatus = (bus: Bus, db: PlayoutDB, holder: string, choice: EngineChoice, harbor: HarborSetting, listeners?: ListenerCounts) =>
  bindOperation(bus, playout.status, async () => {
    const leases = await listLeases(db);
    const counts = (await listeners?.of(leases.map((lease) => lease.player_id))) ?? new Map<number, number | null>();
    return {
      enabled: choice.engine !== null,
      engine: choice.name,
      reason: choice.reason,
      replica: holder,
      players: leases.map((lease) => ({
        player_id: lease.player_id,
        holder: lease.holder,
        expires_at: new Date(lease.expires_at).toISOString(),
        since: new Date(lease.acquired_at).toISOString(),
        harbor: harborOf(harbor, lease.player_id, lease.holder),
        listeners: counts.get(lease.player_id) ?? null,
      })),
      harbor: choice.engine ? { port_base: harbor.portBase, mount: HARBOR_MOUNT, bind: harbor.bind, this_host_only: loopback(harbor.bind) } : null,
    };
  });

/** `playout.listeners`: one player's listeners for any signed-in user (null unless it is aired here). */
export const bindListeners = (bus: Bus, db: PlayoutDB, listeners: ListenerCounts) =>
  bindOperation(bus, playout.listeners, async ({ id }) => {
    const aired = (await listLeases(db)).some((lease) => lease.player_id === id);
    const count = aired ? ((await listeners.of([id])).get(id) ?? null) : null;
    return { player_id: id, aired, listeners: count };
  });
