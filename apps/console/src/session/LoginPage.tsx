import { useTranslation } from 'react-i18next';
import { Anchor, Center, Group, Paper, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api } from '../lib/api';
import { AccountRequestForm } from './AccountRequestForm';
import { LoginForm, type LoginResult } from './LoginForm';

type View = 'login' | 'forgot' | 'register';

export function LoginPage({ onLoggedIn }: { onLoggedIn: (session: LoginResult) => Promise<void> }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('login');
  // "Create an account" only while registration is on (issue 35, point 10).
  const [canRegister, setCanRegister] = useState(false);
  useEffect(() => {
    api.accountMore.registrationOpen({}).then(setCanRegister, () => setCanRegister(false));
  }, []);
  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w={400} maw="100%">
        <Title order={1} size="h2" mb="lg">
          {t('Airwave')}
        </Title>
        {view === 'login' && <LoginForm onLoggedIn={onLoggedIn} />}
        {view !== 'login' && <AccountRequestForm kind={view} />}
        <Group justify="space-between" mt="lg">
          {view !== 'login' ? (
            <Anchor component="button" type="button" onClick={() => setView('login')}>
              {t('Back to log in')}
            </Anchor>
          ) : (
            <>
              <Anchor component="button" type="button" onClick={() => setView('forgot')}>
                {t('Forgot your password?')}
              </Anchor>
              {canRegister && (
                <Anchor component="button" type="button" onClick={() => setView('register')}>
                  {t('Create an account')}
                </Anchor>
              )}
            </>
          )}
        </Group>
      </Paper>
    </Center>
  );
}
