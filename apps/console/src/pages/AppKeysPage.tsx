// App keys let a program call chosen endpoints with this account's rights. A new key's secret is
// shown once, with the Authorization header to use it.
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useState } from 'react';
import { api, messageOf } from '../lib/api';
import type { Endpoint } from './appkey-endpoints';
import { AppKeyForm } from './AppKeyForm';
import { displayLocale } from '../lib/locale';

type Key = Awaited<ReturnType<typeof api.accountMore.keyList>>[number];

export default function AppKeysPage() {
  const [keys, setKeys] = useState<Key[] | null>(null);
  const [editing, setEditing] = useState<{ id: number | null; name: string; permissions: Endpoint[] } | null>(null);
  const [secret, setSecret] = useState<{ id: number; key: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => api.accountMore.keyList({}).then(setKeys, (e) => setError(messageOf(e))), []);
  useEffect(() => void load(), [load]);

  const remove = async (key: Key) => {
    try {
      await api.accountMore.keyDelete({ id: key.id });
      notifications.show({ color: 'green', message: `${key.name} deleted.` });
      await load();
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  const header = secret ? `Authorization: Bearer ${btoa(String(secret.id))}:${secret.key}` : '';
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>App keys</Title>
        <Button onClick={() => setEditing({ id: null, name: '', permissions: [['GET', '/account/uid']] })}>New app key</Button>
      </Group>
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {keys?.length === 0 && <Text>No app keys.</Text>}
      {keys && keys.length > 0 && (
        <Table aria-label="App keys" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Endpoints</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.map((k) => (
              <Table.Tr key={k.id}>
                <Table.Td>{k.name}</Table.Td>
                <Table.Td>{k.permissions.map(([m, p]) => `${m} ${p}`).join(', ')}</Table.Td>
                <Table.Td>{k.last_access ? new Date(k.last_access).toLocaleString(displayLocale()) : 'never'}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button size="xs" variant="light" aria-label={`Edit ${k.name}`} onClick={() => setEditing({ id: k.id, name: k.name, permissions: k.permissions as Endpoint[] })}>
                      Edit
                    </Button>
                    <Button size="xs" variant="light" color="red" aria-label={`Delete ${k.name}`} onClick={() => void remove(k)}>
                      Delete
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
      <Modal opened={secret !== null} onClose={() => setSecret(null)} title="Your new app key" size="lg">
        <Stack>
          <Text>This secret is shown only this once. Copy it now; a lost key cannot be shown again (delete it and make another).</Text>
          <Code block data-testid="app-key-header">
            {header}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={header}>{({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy the header'}</Button>}</CopyButton>
            <Button variant="default" onClick={() => setSecret(null)}>
              Done
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
