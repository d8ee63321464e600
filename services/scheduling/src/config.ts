// The settings the scheduling service reads from its environment: the key sealing players' Icecast
// source passwords (docs/playout.md, "The player's output"), how long listener sessions are kept.
import { z } from '@airwave/config';
import { encryptionKeyConfig, playoutKeyConfig } from '@airwave/service-kit';

export const schedulingConfig = {
  DATA_DIR: z.string().min(1).default('./data'),
  AIRWAVE_ENCRYPTION_KEY: encryptionKeyConfig,
  AIRWAVE_PLAYOUT_KEY: playoutKeyConfig,
  /** Days a listener session is kept after it ended (issue 46: docs/decisions/listeners.md). */
  LISTENER_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(90)
    .describe("Days the scheduling service keeps a listener session after it ended (docs/decisions/listeners.md); addresses are only ever kept as salted hashes."),
};

/** Reads the environment (an empty variable counts as unset). */
export const readSchedulingEnv = (env: Record<string, string | undefined>) =>
  z.object(schedulingConfig).parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
