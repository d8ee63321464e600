// Self-registration, password recovery and the one-time tokens they mail out (stored as SHA-256
// hashes; a link works once).
import { createHash, randomBytes } from 'node:crypto';
import type { MailMessage } from '../shared/mailer';

export type TokenPurpose = 'reset' | 'welcome';

export const WELCOME_TTL_MS = 72 * 60 * 60 * 1000;

/** Limits per client address and hour. */
export const REGISTER_LIMIT = { max: 10, windowSeconds: 3600, message: 'Too many registrations from this address; try again later.' };
export const FORGOT_LIMIT = { max: 20, windowSeconds: 3600, message: 'Too many password reset requests from this address; try again later.' };
export const RESET_LIMIT = { max: 30, windowSeconds: 3600, message: 'Too many attempts from this address; try again later.' };
/** Reset mails per account and hour; past it, requests are dropped silently. */
export const RESET_MAILS_PER_ACCOUNT = 3;

export const REGISTRATION_DISABLED = 'Registration is disabled on this server. Ask an administrator for an account.';
export const BAD_LINK = 'This link is invalid, already used or expired. Ask for a new one.';

export const newToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** When a new token stops working: reset links after the configured TTL, welcome links after 72 hours. */
export function tokenExpiry(purpose: TokenPurpose, now: number, resetTtlMs: number): Date {
  return new Date(now + (purpose === 'reset' ? resetTtlMs : WELCOME_TTL_MS));
}

/** A token may set the password once, before it expires, for an enabled user. */
export function tokenUsable(row: { used_at: Date | null; expires_at: Date; enabled: boolean }, now: number): boolean {
  return !row.used_at && row.expires_at.getTime() >= now && row.enabled;
}

export const resetLink = (publicUrl: string, token: string): string => `${publicUrl.replace(/\/$/, '')}/account/reset?token=${token}`;

export function welcomeMail(account: { email: string; name: string; username: string }, link: string): MailMessage {
  return {
    to: account.email,
    subject: 'Welcome to Airwave: set your password',
    text: `Hello ${account.name},\n\nAn Airwave account "${account.username}" was created for this address. Set its password here (the link works once, for 72 hours):\n\n${link}\n\nIf you did not ask for this, ignore this message.\n`,
  };
}

export function resetMail(account: { email: string; username: string }, link: string): MailMessage {
  return {
    to: account.email,
    subject: 'Airwave password reset',
    text: `Someone asked to reset the password of the Airwave account "${account.username}".\n\nSet a new password here (the link works once, for one hour):\n\n${link}\n\nIf it was not you, ignore this message; your password stays as it is.\n`,
  };
}
