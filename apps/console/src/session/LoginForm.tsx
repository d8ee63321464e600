import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { api, messageOf } from '../lib/api';

export interface LoginResult {
  id: number;
  key: string;
  key_expiry: number;
}

/** Username and password; the username is fixed when renewing an expired session. */
export function LoginForm({ onLoggedIn, username: fixedUsername }: { onLoggedIn: (session: LoginResult) => Promise<void>; username?: string }) {
  const [username, setUsername] = useState(fixedUsername ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // An expired key must not travel with the login: the gateway refuses bad credentials anywhere.
      api.setCredentials(null);
      const session = await api.account.login({ username, password });
      await onLoggedIn(session);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label="Log in">
      <Stack>
        {error && (
          <Alert color="red" role="alert" title="Not logged in">
            {error}
          </Alert>
        )}
        <TextInput label="Username" name="username" autoComplete="username" required value={username} disabled={fixedUsername !== undefined} onChange={(e) => setUsername(e.currentTarget.value)} data-autofocus />
        <PasswordInput label="Password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
        <Button type="submit" loading={busy}>
          Log in
        </Button>
      </Stack>
    </form>
  );
}
