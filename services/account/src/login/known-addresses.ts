// Addresses a user signed in from in the last 30 days (kept in the session store): past the
// account's ceiling, the right password from one of them still signs in.
import { hashSessionKey, type SessionStore } from '@airwave/sessions';

const KNOWN_FOR_SECONDS = 30 * 24 * 60 * 60;

const nameOf = (userId: number, address: string) => `login-known:${userId}:${hashSessionKey(address)}`;

export async function rememberAddress(sessions: SessionStore, userId: number, address: string): Promise<void> {
  await sessions.putValue(nameOf(userId, address), '1', KNOWN_FOR_SECONDS);
}

export async function isKnownAddress(sessions: SessionStore, userId: number, address: string): Promise<boolean> {
  return (await sessions.getValue(nameOf(userId, address))) !== null;
}
