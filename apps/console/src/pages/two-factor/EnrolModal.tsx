// Turning two-factor sign-in on: the current password (the server asks for it), then the secret
// for the authenticator app and a code it shows to confirm; the recovery codes come back then.
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { SecretView } from './SecretView';
import { useSubmit, type TwoFactorSetup } from './two-factor-types';

function PasswordStep({ onSetup }: { onSetup: (setup: TwoFactorSetup) => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const { busy, error, errors, run } = useSubmit();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => onSetup(await api.twoFactor.setup({ password })));
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <Text size="sm">{t('You need an authenticator app on your phone (any app for time-based codes). Enter your password to begin.')}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <PasswordInput label={t('Current password')} autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={errors.password} data-autofocus />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {t('Continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ConfirmStep({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const { busy, error, errors, run } = useSubmit();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => onEnabled((await api.twoFactor.confirm({ code: code.trim() })).recovery_codes));
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <SecretView setup={setup} />
        <Text size="sm">{t('Then enter the code the app shows, within {{count}} minutes.', { count: Math.round(setup.expires_in / 60) })}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label={t('Code from the app')} autoComplete="one-time-code" inputMode="numeric" required value={code} onChange={(e) => setCode(e.currentTarget.value)} error={errors.code} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {t('Turn on')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function EnrolModal({ onClose, onEnabled }: { onClose: () => void; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  return (
    <Modal opened onClose={onClose} size="lg" title={t('Turn on two-factor sign-in')}>
      {setup ? <ConfirmStep setup={setup} onEnabled={onEnabled} /> : <PasswordStep onSetup={setSetup} />}
    </Modal>
  );
}
