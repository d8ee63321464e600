import { useTranslation } from 'react-i18next';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { api, fieldErrors, messageOf } from '../lib/api';

/** A forgotten password (mail with a reset link) or a new account (where registration is enabled). */
export function AccountRequestForm({ kind }: { kind: 'forgot' | 'register' }) {
  const { t } = useTranslation();
  const [fields, setFields] = useState({ email: '', name: '', username: '' });
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: keyof typeof fields) => (event: React.ChangeEvent<HTMLInputElement>) => setFields({ ...fields, [name]: event.currentTarget.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      if (kind === 'forgot') await api.accountMore.forgot({ email: fields.email });
      else await api.accountMore.register(fields);
      setResult({ ok: true, text: kind === 'forgot' ? t('If the address belongs to an account, a message with a link to set a new password is on its way.') : t('Account created: your password is on its way by mail.') });
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setResult({ ok: false, text: messageOf(failure) });
    }
  };

  return (
    <form onSubmit={submit} aria-label={kind === 'forgot' ? t('Forgotten password') : t('Create an account')}>
      <Stack>
        {result && (
          <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>
            {result.text}
          </Alert>
        )}
        {kind === 'register' && <TextInput label={t('Name')} required value={fields.name} onChange={set('name')} error={errors.name} />}
        {kind === 'register' && <TextInput label={t('Username')} required value={fields.username} onChange={set('username')} error={errors.username} />}
        <TextInput label={t('Email')} type="email" required value={fields.email} onChange={set('email')} error={errors.email} />
        <Button type="submit">{kind === 'forgot' ? t('Send a reset link') : t('Create the account')}</Button>
      </Stack>
    </form>
  );
}
