import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { api, fieldErrors, messageOf } from '../lib/api';
import { useSession } from '../session/session-context';
import { endpointChoices, toEndpoint, type Endpoint } from './appkey-endpoints';

/** Create an app key (then its secret is shown once) or edit one's name and endpoints. */
export function AppKeyForm({ initial, onClose, onSaved }: { initial: { id: number | null; name: string; permissions: Endpoint[] }; onClose: () => void; onSaved: (secret: { id: number; key: string } | null) => void }) {
  const session = useSession();
  const { t } = useTranslation();
  const [name, setName] = useState(initial.name);
  const [endpoints, setEndpoints] = useState(initial.permissions.map(([m, p]) => `${m} ${p}`));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setErrors({});
    try {
      const permissions = endpoints.map(toEndpoint);
      if (initial.id) {
        await api.accountMore.keyUpdate({ id: initial.id, name, permissions });
        onSaved(null);
      } else {
        const created = await api.accountMore.keyCreate({ name, permissions });
        onSaved({ id: created.id, key: created.key });
      }
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setError(messageOf(failure));
    }
  };
  // Only the endpoints the user's own permissions let a key call (and those the key already has).
  const offered = endpointChoices.filter((c) => c.permission === null || session.can(c.permission));
  const data = [...new Set([...offered.map((c) => c.value), ...endpoints])].map((value) => endpointChoices.find((c) => c.value === value) ?? { value, label: value });
  return (
    <Modal opened onClose={onClose} size="lg" title={initial.id ? t('Edit {{name}}', { name: initial.name }) : t('New app key')}>
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label={t('Name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} />
        <MultiSelect label={t('Endpoints it may call')} searchable data={data} value={endpoints} onChange={setEndpoints} error={errors.permissions} maxDropdownHeight={300} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button onClick={() => void save()}>{initial.id ? t('Save app key') : t('Create app key')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
