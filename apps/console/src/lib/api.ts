// The one API client of the console (@airwave/client, the server's own contracts), the session
// key kept across reloads, and the expiry the server reports on every reply.
import { ApiError, createClient, type TypedClient } from '@airwave/client';
import { displayLocale } from './locale';
import { i18n, msg } from '../i18n';
import { issueSentence, permissionWords, plainMessage, underField } from './plain-errors';

const STORAGE = 'airwave.session';

export interface StoredSession {
  id: number;
  key: string;
  /** Unix seconds. */
  expiry: number;
}

type Listener = (event: { kind: 'expiry'; expiry: number } | { kind: 'expired' }) => void;
const listeners = new Set<Listener>();

export function onSessionEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const api: TypedClient = createClient({
  baseUrl: window.location.origin,
  onResponse(response) {
    const expiry = Number(response.headers.get('x-session-expiry'));
    if (expiry > 0) {
      const stored = storedSession();
      if (stored) saveSession({ ...stored, expiry });
      for (const listener of listeners) listener({ kind: 'expiry', expiry });
    }
    if (response.status === 401 && storedSession()) for (const listener of listeners) listener({ kind: 'expired' });
  },
});

export function storedSession(): StoredSession | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE) ?? 'null') as StoredSession | null;
    return value && typeof value.key === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function saveSession(session: StoredSession | null): void {
  if (session) localStorage.setItem(STORAGE, JSON.stringify(session));
  else localStorage.removeItem(STORAGE);
  api.setCredentials(session ? { sessionKey: session.key } : null);
}

const initial = storedSession();
if (initial) api.setCredentials({ sessionKey: initial.key });

/** Query-string credentials for URLs the browser fetches by itself (audio, thumbnails). */
export function credentialQuery(): string {
  const session = storedSession();
  return session ? `i=${session.id}&k=${encodeURIComponent(session.key)}` : '';
}

/** The message to show for a failed call, in plain words (a throttle's 429 says how long to wait). */
/**
 * `oneItem`: the form edits one item of a list the API takes (the media editor with one item), so
 * the field is named without "of item 1" (issue 43, N12).
 */
export function messageOf(error: unknown, options: { oneItem?: boolean } = {}): string {
  if (error instanceof ApiError) {
    const details = error.details as { retryAfterSeconds?: unknown; issues?: { path: string; message: string }[]; permission?: unknown } | undefined;
    const wait = error.status === 429 ? details?.retryAfterSeconds : undefined;
    if (typeof wait === 'number') return i18n.t('{{message}} Try again in {{wait}}.', { message: error.message, wait: waitText(wait) });
    // The server answers a wrong code and a code used once already alike (issue 35, point 7).
    if (error.message === 'Invalid code.') return `${error.message} ${i18n.t(CODE_HINT)}`;
    const first = details?.issues?.[0];
    if (first) return issueSentence(options.oneItem ? first.path.replace(/^\w+\.0(\.|$)/, '') : first.path, first.message) + (details.issues!.length > 1 ? i18n.t(' (and {{count}} more)', { count: details.issues!.length - 1 }) : '');
    if (error.code === 'forbidden' && typeof details?.permission === 'string' && error.message === 'Permission denied.') return i18n.t('You may not do this: it needs the permission to {{permission}}.', { permission: permissionWords(details.permission) });
    return plainMessage(error.message, displayLocale());
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

/** What to do about a refused two-factor code: each code works once. */
export const CODE_HINT = msg('A code works only once: if you have just used this one, wait for the next code in your app (a new one every 30 seconds), or use a recovery code.');

function waitText(seconds: number): string {
  if (seconds < 90) return i18n.t('{{count}} seconds', { count: seconds });
  const minutes = Math.ceil(seconds / 60);
  return i18n.t('{{count}} minutes', { count: minutes });
}

/** Per-field messages of a refused request: `{ "media.1.year": "Too big" }` from the zod issues. */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(error instanceof ApiError)) return out;
  const details = error.details as { issues?: { path: string; message: string }[] } | undefined;
  for (const issue of details?.issues ?? []) out[issue.path] ??= underField(issue.message);
  return out;
}

export { ApiError };
