// The settings the account service reads from its environment.
import { optionalUrl, z } from '@airwave/config';
import type { AccountConfig } from './shared/context';

export const accountConfig = {
  SMTP_URL: optionalUrl(['smtp', 'smtps']).describe('SMTP server for outgoing mail, e.g. smtp://user:pass@mail:587 (unset: mail goes to DATA_DIR/outbox as .eml files).'),
  MAIL_FROM: z.string().min(3).default('Airwave <airwave@localhost>').describe('Sender of outgoing mail.'),
  PUBLIC_URL: z.string().url().default('http://127.0.0.1:8080').describe('Public address of this server, used in links sent by mail.'),
  DATA_DIR: z.string().min(1).default('./data'),
  RESET_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(7 * 86400).default(3600).describe('Lifetime of a password reset link.'),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10_000).default(10).describe('Login attempts per username per 15 minutes before a lockout.'),
  LOGIN_MAX_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(100).describe('Login attempts per client address per 15 minutes.'),
};

export type AccountEnv = z.output<z.ZodObject<typeof accountConfig>>;

/** Reads the environment (an empty variable counts as unset). */
export function readAccountEnv(env: Record<string, string | undefined>): AccountEnv {
  return z.object(accountConfig).parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
}

/** The part of the settings the handlers read. */
export function handlerConfig(env: AccountEnv): AccountConfig {
  return {
    publicUrl: env.PUBLIC_URL,
    resetTtlMs: env.RESET_TOKEN_TTL_SECONDS * 1000,
    loginMaxAttempts: env.LOGIN_MAX_ATTEMPTS,
    loginMaxAttemptsPerAddress: env.LOGIN_MAX_ATTEMPTS_PER_ADDRESS,
  };
}
