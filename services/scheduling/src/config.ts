// The settings the scheduling service reads from its environment: the key sealing players' Icecast
// source passwords (docs/playout.md, "The player's output").
import { z } from '@airwave/config';
import { encryptionKeyConfig, playoutKeyConfig } from '@airwave/service-kit';

export const schedulingConfig = {
  DATA_DIR: z.string().min(1).default('./data'),
  AIRWAVE_ENCRYPTION_KEY: encryptionKeyConfig,
  AIRWAVE_PLAYOUT_KEY: playoutKeyConfig,
};

/** Reads the environment (an empty variable counts as unset). */
export const readSchedulingEnv = (env: Record<string, string | undefined>) =>
  z.object(schedulingConfig).parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
