// The settings the playout service reads from its environment (docs/playout.md).
import { z } from '@airwave/config';
import { playoutKeyConfig } from '@airwave/service-kit';

const ms = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);

export const playoutConfig = {
  DATA_DIR: z.string().min(1).default('./data'),
  AIRWAVE_PLAYOUT_KEY: playoutKeyConfig,
  PLAYOUT_ENGINE: z.enum(['auto', 'off']).default('auto').describe('auto: air the players whose playout is airwave when `liquidsoap` is on the PATH; off: air nothing.'),
  PLAYOUT_MEDIA_DIR: z.string().min(1).optional().describe('The media library\'s files (the media service\'s DATA_DIR/media, mounted read only); default DATA_DIR/media.'),
  PLAYOUT_CACHE_DIR: z.string().min(1).optional().describe('Local copies of the next hours\' files; default DATA_DIR/playout-cache.'),
  PLAYOUT_SPOOL_DIR: z.string().min(1).optional().describe('The as-run spool: what aired, kept until the as-run log has it (on a volume that outlives the container, shared by replicas or not); default PLAYOUT_CACHE_DIR/asrun-spool.'),
  PLAYOUT_HOURS_AHEAD: z.coerce.number().min(0.1).max(48).default(6).describe('Hours of each player\'s rundown kept planned and on local disk.'),
  PLAYOUT_MAX_PLAYERS: z.coerce.number().int().min(1).max(10_000).default(1000).describe('Players one replica airs at most; more replicas take the rest (leases).'),
  PLAYOUT_LEASE_RENEW_MS: ms(2000, 100, 60_000).describe('How often a replica renews its players\' leases and takes free or expired ones.'),
  PLAYOUT_LEASE_TTL_MS: ms(6000, 300, 300_000).describe('A lease not renewed for this long is taken over by another replica.'),
  PLAYOUT_REFRESH_MS: ms(60_000, 500, 3_600_000).describe('How often each player\'s rundown and alerts are read again (besides on change events).'),
  PLAYOUT_HARBOR_PORT_BASE: z.coerce.number().int().min(1024).max(60_000).default(18_000).describe('Live shows: player N\'s harbor input listens on this port + N.'),
  PLAYOUT_HARBOR_BIND: z.string().min(1).default('127.0.0.1').describe('The address the harbor inputs (live shows\' source clients) listen on: 127.0.0.1 takes sources from this host only; 0.0.0.0 from anywhere (the images set it: a container is reached from outside).'),
  PLAYOUT_SPARE_ENGINES: z.coerce.number().int().min(0).max(16).default(1).describe('Liquidsoap processes kept started and waiting, so a player whose process dies or is taken over from a dead replica is back on air within a second or two (one takes about 150 MB).'),
  PLAYOUT_ENGINE_GRACE_MS: ms(30_000, 2000, 600_000).describe('A Liquidsoap process whose service stopped sending its heartbeat (the service crashed) airs on for this long, then ends itself; a service restarted on the same host within it takes its players over without a gap.'),
  PLAYOUT_ENGINE_WATCHDOG_MS: ms(5000, 1000, 120_000).describe('A Liquidsoap process that answers no heartbeat for this long is killed and a spare takes its player.'),
  PLAYOUT_ENGINE_PRIORITY: z.coerce.number().int().min(-20).max(19).default(-10).describe('The nice value Liquidsoap runs at, so audio comes first on a busy machine; below 0 needs root or CAP_SYS_NICE (systemd: AmbientCapabilities=CAP_SYS_NICE), else it keeps the service\'s and a warning says so (in containers, the pod\'s CPU request is what protects it from other workloads).'),
  PLAYOUT_FRAME_MS: z.enum(['10', '20']).default('10').transform(Number).describe('Liquidsoap\'s frame, ms. 10: items meet within a few ms of each other and of the rundown; 20: about 30 % less CPU per aired player, with up to 20 ms of silence where an item hands over to the next (docs/playout-engine.md, "Frames").'),
  PLAYOUT_LISTENER_POLL_MS: z.coerce.number().int().min(0).max(600_000).default(5000).refine((v) => v === 0 || v >= 1000, 'must be 0 (off) or at least 1000').describe('How often the listeners of each aired mount are read from its Icecast (`/admin/listclients`, with the source password) and counted, for players without a listener hook; 0: never (docs/decisions/listeners.md).'),
  PLAYOUT_RUN_DIR: z.string().min(1).optional().describe('Where the Liquidsoap processes this host started are recorded (a restart ends those a crash left, by these records); default PLAYOUT_CACHE_DIR/engines.'),
};

export type PlayoutEnv = z.output<z.ZodObject<typeof playoutConfig>>;

/** Reads the environment (an empty variable counts as unset). */
export const readPlayoutEnv = (env: Record<string, string | undefined>): PlayoutEnv =>
  z.object(playoutConfig).parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
