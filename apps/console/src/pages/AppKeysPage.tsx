// App keys let a program call chosen endpoints with this account's rights. A new key's secret is
// shown once, with the Authorization header to use it.
import { useTranslation } from 'react-i18next';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useState } from 'react';
import { api, messageOf } from '../lib/api';
import type { Endpoint } from './appkey-endpoints';
import { AppKeyForm } from './AppKeyForm';
import { displayLocale } from '../lib/locale';

type Key = Awaited<ReturnType<typeof api.accountMore.keyList>>[number];

export default function AppKeysPage() {
  const { t } = useTranslation();
  const [keys, setKeys] = useState<Key[] | null>(null);
  const [editing, setEditing] = useState<{ id: number | null; name: string; permissions: Endpoint[] } | null>(null);
  const [secret, setSecret] = useState<{ id: number; key: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => api.accountMore.keyList({}).then(setKeys, (e) => setError(messageOf(e))), []);
  useEffect(() => void load(), [load]);

  const remove = async (key: Key) => {
    try {
      await api.accountMore.keyDelete({ id: key.id });
      notifications.show({ color: 'green', message: t('{{name}} deleted.', { name: key.name }) });
      await load();
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  const header = secret ? `Authorization: Bearer ${btoa(String(secret.id))}:${secret.key}` : '';
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('App keys')}</Title>
        <Button onClick={() => setEditing({ id: null, name: '', permissions: [['GET', '/account/uid']] })}>{t('New app key')}</Button>
      </Group>
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {keys?.length === 0 && <Text>{t('No app keys.')}</Text>}
      {keys && keys.length > 0 && (
        <Table aria-label={t('App keys')} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Name')}</Table.Th>
              <Table.Th>{t('Endpoints')}</Table.Th>
              <Table.Th>{t('Last used')}</Table.Th>
              <Table.Th>{t('Actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.map((k) => (
              <Table.Tr key={k.id}>
                <Table.Td>{k.name}</Table.Td>
                <Table.Td>{k.permissions.map(([m, p]) => `${m} ${p}`).join(', ')}</Table.Td>
                <Table.Td>{k.last_access ? new Date(k.last_access).toLocaleString(displayLocale()) : t('never')}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button size="xs" variant="light" aria-label={t('Edit {{name}}', { name: k.name })} onClick={() => setEditing({ id: k.id, name: k.name, permissions: k.permissions as Endpoint[] })}>
                      {t('Edit')}
                    </Button>
                    <Button size="xs" variant="light" color="red" aria-label={t('Delete {{name}}', { name: k.name })} onClick={() => void remove(k)}>
                      {t('Delete')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && (
        <AppKeyForm
          initial={editing}
          onClose={() => setEditing(null)}
          onSaved={(created) => {
            setEditing(null);
            if (created) setSecret(created);
            void load();
          }}
        />
      )}
      <Modal opened={secret !== null} onClose={() => setSecret(null)} title={t('Your new app key')} size="lg">
        <Stack>
          <Text>{t('This secret is shown only this once. Copy it now; a lost key cannot be shown again (delete it and make another).')}</Text>
          <Code block data-testid="app-key-header">
            {header}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={header}>{({ copied, copy }) => <Button onClick={copy}>{copied ? t('Copied') : t('Copy the header')}</Button>}</CopyButton>
            <Button variant="default" onClick={() => setSecret(null)}>
              {t('Done')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
