// The settings the playout service reads from its environment (docs/playout.md).
import { z } from '@airwave/config';

const ms = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);

export const playoutConfig = {
  DATA_DIR: z.string().min(1).default('./data'),
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
};

export type PlayoutEnv = z.output<z.ZodObject<typeof playoutConfig>>;

/** Reads the environment (an empty variable counts as unset). */
export const readPlayoutEnv = (env: Record<string, string | undefined>): PlayoutEnv =>
  z.object(playoutConfig).parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
