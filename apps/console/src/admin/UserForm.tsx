import { useTranslation } from 'react-i18next';
import { Alert, Button, Group as Row, Modal, MultiSelect, PasswordInput, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { api, fieldErrors, messageOf } from '../lib/api';
import type { Group, User } from './users-types';

/** A new user (username and password required) or an existing one's details, groups and state. */
export function UserForm({ user, groups, onClose, onSaved }: { user: User | null; groups: Group[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [f, setF] = useState({ username: user?.username ?? '', name: user?.name ?? '', email: user?.email ?? '', display_name: user?.display_name ?? '', password: '', enabled: user?.enabled ?? true, group_ids: (user?.group_ids ?? []).map(String) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof typeof f>(name: K, value: (typeof f)[K]) => setF((x) => ({ ...x, [name]: value }));
  const save = async () => {
    setErrors({});
    try {
      const group_ids = f.group_ids.map(Number);
      if (user) await api.usersMore.update({ id: user.id, name: f.name, email: f.email, ...(f.display_name ? { display_name: f.display_name } : {}), enabled: f.enabled, group_ids, ...(f.password ? { password: f.password } : {}) });
      else await api.users.create({ username: f.username, password: f.password, name: f.name, email: f.email, group_ids, ...(f.display_name ? { display_name: f.display_name } : {}) });
      onSaved();
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setError(messageOf(failure));
    }
  };
  return (
    <Modal opened onClose={onClose} title={user ? t('Edit {{name}}', { name: user.username }) : t('New user')}>
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label={t('Username')} required disabled={Boolean(user)} value={f.username} onChange={(e) => set('username', e.currentTarget.value)} error={errors.username} />
        <TextInput label={t('Name')} value={f.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} />
        <TextInput label={t('Display name')} value={f.display_name} onChange={(e) => set('display_name', e.currentTarget.value)} error={errors.display_name} />
        <TextInput label={t('Email')} type="email" value={f.email} onChange={(e) => set('email', e.currentTarget.value)} error={errors.email} />
        <PasswordInput label={user ? t('New password (leave empty to keep it)') : t('Password')} required={!user} autoComplete="new-password" value={f.password} onChange={(e) => set('password', e.currentTarget.value)} error={errors.password} />
        <MultiSelect label={t('Groups')} searchable data={groups.map((g) => ({ value: String(g.id), label: g.name }))} value={f.group_ids} onChange={(v) => set('group_ids', v)} error={errors.group_ids} />
        {user && <Switch label={t('Enabled (may log in)')} checked={f.enabled} onChange={(e) => set('enabled', e.currentTarget.checked)} />}
        <Row justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button onClick={() => void save()}>{user ? t('Save user') : t('Create user')}</Button>
        </Row>
      </Stack>
    </Modal>
  );
}
