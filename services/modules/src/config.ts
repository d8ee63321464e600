// The settings the modules service reads from its environment (besides the runtime's MODULES_DIR):
// those of its webhook deliveries (docs/webhooks.md).
import { z } from '@airwave/config';
import { encryptionKeyConfig } from '@airwave/service-kit';

const seconds = (fallback: number, min: number, max: number) => z.coerce.number().min(min).max(max).default(fallback);

export const modulesConfig = {
  DATA_DIR: z.string().min(1).default('./data'),
  AIRWAVE_ENCRYPTION_KEY: encryptionKeyConfig,
  WEBHOOK_ALLOW_HTTP: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1')
    .describe('Whether webhooks may use plain http:// URLs (for a receiver on a trusted network, or tests); otherwise only https://.'),
  WEBHOOK_TIMEOUT_SECONDS: seconds(10, 0.1, 120).describe('How long a webhook delivery waits for the receiver\'s answer before it counts as failed.'),
  WEBHOOK_FIRST_RETRY_SECONDS: seconds(5, 0.01, 3600).describe('Wait before the first retry of a failed webhook delivery; each next wait doubles, up to 2 hours.'),
  WEBHOOK_RETRY_HOURS: seconds(24, 0.0001, 168).describe('How long a webhook delivery is retried before it is given up (status failed).'),
  WEBHOOK_LOG_DAYS: z.coerce.number().int().min(1).max(3650).default(30).describe('Days delivered and failed webhook deliveries stay in the delivery log.'),
};

export type ModulesEnv = z.output<z.ZodObject<typeof modulesConfig>>;

/** Reads the environment (an empty variable counts as unset). */
export function readModulesEnv(env: Record<string, string | undefined>): ModulesEnv {
  return z.object(modulesConfig).parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
}
