// The settings the account service reads from its environment.
import { optionalUrl, z } from '@airwave/config';
import type { AccountConfig } from './shared/context';
import { encryptionKeyConfig } from '@airwave/service-kit';

export const accountConfig = {
  SMTP_URL: optionalUrl(['smtp', 'smtps']).describe('SMTP server for outgoing mail, e.g. smtp://user:pass@mail:587 (unset: mail goes to DATA_DIR/outbox as .eml files).'),
  MAIL_FROM: z.string().min(3).default('Airwave <airwave@localhost>').describe('Sender of outgoing mail.'),
  PUBLIC_URL: z.string().url().default('http://127.0.0.1:8080').describe('Public address of this server, used in links sent by mail and in the authenticator entry of two-factor sign-in (unset: http://127.0.0.1:<PORT>).'),
  DATA_DIR: z.string().min(1).default('./data'),
  RESET_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(7 * 86400).default(3600).describe('Lifetime of a password reset link.'),
  LOGIN_FREE_FAILURES: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(5)
    .describe('Failed logins for one account from one address before each further attempt from there waits (LOGIN_FIRST_DELAY_SECONDS, doubling, up to 15 minutes).'),
  LOGIN_FREE_FAILURES_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(50)
    .describe('Failed logins from one address, for any accounts, before each further attempt from there waits (LOGIN_FIRST_DELAY_SECONDS, doubling, up to 15 minutes).'),
  LOGIN_ACCOUNT_CEILING: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(1000)
    .describe('Failed logins for one account from all addresses within 24 hours past which its password alone no longer signs in: a second factor, an address it signed in from before, or a reset link still does. The same ceiling holds for failed syncs of one OB player (remote.php): past it, only an address the player synced from within 30 days gets in.'),
  LOGIN_FIRST_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(60)
    .default(1)
    .describe('The wait after the first failed login past the free ones; each further failure doubles it, up to 15 minutes.'),
  AIRWAVE_ENCRYPTION_KEY: encryptionKeyConfig,
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365).describe('Days an entry stays in the audit trail.'),
};

export type AccountEnv = z.output<z.ZodObject<typeof accountConfig>>;

/** Reads the environment (an empty variable counts as unset). */
export function readAccountEnv(env: Record<string, string | undefined>): AccountEnv {
  const given: Record<string, string | undefined> = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  // Unset, the public address is this machine at the port the server listens on (issue 35, point 10).
  const port = Number(given.PORT);
  if (given.PUBLIC_URL === undefined && Number.isInteger(port) && port > 0 && port < 65536) given.PUBLIC_URL = `http://127.0.0.1:${port}`;
  return z.object(accountConfig).parse(given);
}

/** The part of the settings the handlers read. */
export function handlerConfig(env: AccountEnv): AccountConfig {
  return {
    publicUrl: env.PUBLIC_URL,
    resetTtlMs: env.RESET_TOKEN_TTL_SECONDS * 1000,
    throttle: {
      freePerAccountAndAddress: env.LOGIN_FREE_FAILURES,
      freePerAddress: env.LOGIN_FREE_FAILURES_PER_ADDRESS,
      accountCeiling: env.LOGIN_ACCOUNT_CEILING,
      firstDelayMs: env.LOGIN_FIRST_DELAY_SECONDS * 1000,
    },
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
  };
}
