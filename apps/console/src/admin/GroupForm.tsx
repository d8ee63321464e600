import { useTranslation } from 'react-i18next';
import { Alert, Button, Group as Row, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { api, fieldErrors, messageOf } from '../lib/api';
import type { Group, PermissionInfo } from './users-types';

/** A group's name, description and permissions (from the server's catalogue, modules' included). */
export function GroupForm({ group, catalogue, onClose, onSaved }: { group: Group | null; catalogue: PermissionInfo[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [f, setF] = useState({ name: group?.name ?? '', description: group?.description ?? '', permissions: group?.permissions ?? [] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setErrors({});
    try {
      if (group) await api.usersMore.groupUpdate({ id: group.id, ...f });
      else await api.users.groupCreate(f);
      onSaved();
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setError(messageOf(failure));
    }
  };
  const byCategory = [...new Set(catalogue.map((p) => p.category))].map((category) => ({ group: category, items: catalogue.filter((p) => p.category === category).map((p) => ({ value: p.name, label: `${p.name} — ${p.description}` })) }));
  return (
    <Modal opened onClose={onClose} size="lg" title={group ? t('Edit {{name}}', { name: group.name }) : t('New group')}>
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label={t('Name')} required value={f.name} onChange={(e) => setF({ ...f, name: e.currentTarget.value })} error={errors.name} />
        <TextInput label={t('Description')} value={f.description} onChange={(e) => setF({ ...f, description: e.currentTarget.value })} error={errors.description} />
        <MultiSelect label={t('Permissions')} searchable data={byCategory} value={f.permissions} onChange={(permissions) => setF({ ...f, permissions })} error={errors.permissions} maxDropdownHeight={320} />
        <Row justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button onClick={() => void save()}>{group ? t('Save group') : t('Create group')}</Button>
        </Row>
      </Stack>
    </Modal>
  );
}
