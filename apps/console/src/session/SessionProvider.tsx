// Who is logged in: loaded from the stored session key at start, set by the login page, cleared
// by logout. When the server refuses the key (expired) the page stays as it is, with what was
// typed, and a login dialog over it (ExpiredDialog); logging in again resumes where it was.
import { useTranslation } from 'react-i18next';
import { LoadingOverlay } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api, onSessionEvent, saveSession, storedSession } from '../lib/api';
import { SessionContext, type AccountSettings, type Session } from './session-context';
import { ExpiredDialog } from './ExpiredDialog';
import { LoginPage } from './LoginPage';

interface Loaded {
  user: { id: number; username: string };
  permissions: string[];
  settings: AccountSettings;
}

async function load(): Promise<Loaded> {
  const [user, permissions, settings] = await Promise.all([api.account.uid({}), api.account.permissions({}), api.account.settingsGet({})]);
  return { user, permissions, settings };
}

export function SessionProvider({ children, onSettings }: { children: ReactNode; onSettings: (settings: AccountSettings | null) => void }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [starting, setStarting] = useState(() => storedSession() !== null);
  const [expired, setExpired] = useState(false);

  useEffect(() => {
    if (!starting) return;
    load()
      .then(setLoaded)
      .catch(() => saveSession(null))
      .finally(() => setStarting(false));
  }, [starting]);

  useEffect(() => onSettings(loaded?.settings ?? null), [loaded?.settings, onSettings]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onSessionEvent((event) => {
      if (event.kind === 'expired') setExpired(true);
      if (event.kind === 'expiry') {
        clearTimeout(timer);
        // Told in advance by the server's expiry: the dialog appears when the key lapses.
        timer = setTimeout(() => setExpired(true), Math.min(2 ** 31 - 1, event.expiry * 1000 - Date.now() + 1000));
      }
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, []);

  const loggedIn = useCallback(async (session: { id: number; key: string; key_expiry: number }) => {
    saveSession({ id: session.id, key: session.key, expiry: session.key_expiry });
    setLoaded(await load());
    setExpired(false);
  }, []);

  const logout = useCallback(async () => {
    await api.account.logout({}).catch(() => undefined);
    saveSession(null);
    setLoaded(null);
  }, []);

  const session = useMemo<Session | null>(
    () =>
      loaded && {
        ...loaded,
        can: (permission: string) => loaded.permissions.includes(permission),
        logout,
        setSettings: (settings: AccountSettings) => setLoaded((current) => current && { ...current, settings }),
      },
    [loaded, logout],
  );

  if (starting) return <LoadingOverlay visible aria-label={t('Loading')} />;
  if (!session) return <LoginPage onLoggedIn={loggedIn} />;
  return (
    <SessionContext.Provider value={session}>
      {children}
      <ExpiredDialog opened={expired} username={session.user.username} onLoggedIn={loggedIn} onLogout={logout} />
    </SessionContext.Provider>
  );
}
