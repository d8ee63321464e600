// `playout.status`: whether this replica airs (and why not), and every lease (GET /playout/status).
import type { Bus } from '@airwave/bus';
import { playout } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { EngineChoice } from './engines';
import { listLeases } from './leases/queries';
import type { PlayoutDB } from './schema';

export const bindStatus = (bus: Bus, db: PlayoutDB, holder: string, choice: EngineChoice) =>
  bindOperation(bus, playout.status, async () => ({
    enabled: choice.engine !== null,
    engine: choice.name,
    reason: choice.reason,
    replica: holder,
    players: (await listLeases(db)).map((lease) => ({
      player_id: lease.player_id,
      holder: lease.holder,
      expires_at: new Date(lease.expires_at).toISOString(),
      since: new Date(lease.acquired_at).toISOString(),
    })),
  }));
