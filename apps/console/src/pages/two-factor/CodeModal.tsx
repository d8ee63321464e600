// Asks for a code of the user's second factor (from the app, or a recovery code) before a change:
// renewing the recovery codes, turning two-factor sign-in off.
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSubmit } from './two-factor-types';

interface Props {
  title: string;
  intro: string;
  submitLabel: string;
  danger?: boolean;
  onSubmit: (code: string) => Promise<void>;
  onClose: () => void;
}

export function CodeModal({ title, intro, submitLabel, danger = false, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const { busy, error, errors, run } = useSubmit();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => onSubmit(code.trim()));
  };
  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm">{intro}</Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput label={t('Code from the app, or a recovery code')} autoComplete="one-time-code" required value={code} onChange={(e) => setCode(e.currentTarget.value)} error={errors.code} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('Cancel')}
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
