import { useTranslation } from 'react-i18next';
import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { TwoFactorRequired } from '@airwave/client';
import { useState, type FormEvent } from 'react';
import { api, messageOf } from '../lib/api';

export interface LoginResult {
  id: number;
  key: string;
  key_expiry: number;
}

/**
 * Username and password, then, for an account with two-factor sign-in, a code from the
 * authenticator app (or a recovery code). The username is fixed when renewing an expired session.
 */
export function LoginForm({ onLoggedIn, username: fixedUsername }: { onLoggedIn: (session: LoginResult) => Promise<void>; username?: string }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState(fixedUsername ?? '');
  const [password, setPassword] = useState('');
  const [ticket, setTicket] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const attempt = async () => {
    // An expired key must not travel with the login: the gateway refuses bad credentials anywhere.
    api.setCredentials(null);
    if (ticket) return api.completeLogin(ticket, code.trim());
    try {
      return await api.login(username, password);
    } catch (failure) {
      if (!(failure instanceof TwoFactorRequired)) throw failure;
      setTicket(failure.ticket);
      return null;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const session = await attempt();
      if (session) await onLoggedIn(session);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label={t('Log in')}>
      <Stack>
        {error && (
          <Alert color="red" role="alert" title={t('Not logged in')}>
            {error}
          </Alert>
        )}
        {ticket ? (
          <>
            <Text>{t('Enter the code your authenticator app shows for {{username}}, or one of your recovery codes.', { username })}</Text>
            <TextInput label={t('Code')} name="code" autoComplete="one-time-code" inputMode="numeric" required value={code} onChange={(e) => setCode(e.currentTarget.value)} data-autofocus />
          </>
        ) : (
          <>
            <TextInput label={t('Username')} name="username" autoComplete="username" required value={username} disabled={fixedUsername !== undefined} onChange={(e) => setUsername(e.currentTarget.value)} data-autofocus />
            <PasswordInput label={t('Password')} name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          </>
        )}
        <Button type="submit" loading={busy}>
          {t('Log in')}
        </Button>
      </Stack>
    </form>
  );
}
