// Modules: install, uninstall, purge. Purging deletes the module's data for good, so it asks first,
// naming the module, its data and its permissions. The server says a reload is needed after each.
import { Alert, Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useState } from 'react';
import type { operationGroups } from '@airwave/contracts';
import type { z } from 'zod';
import { api, messageOf } from '../lib/api';

type Module = z.output<(typeof operationGroups)['modules']['list']['output']>['installed'][number];

export default function ModulesPage() {
  const [modules, setModules] = useState<{ installed: Module[]; available: Module[] } | null>(null);
  const [purging, setPurging] = useState<Module | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const load = useCallback(() => api.modules.list({}).then(setModules, (e) => setError(messageOf(e))), []);
  useEffect(() => void load(), [load]);

  const act = async (call: () => Promise<unknown>, message: string) => {
    setError(null);
    setPurging(null);
    try {
      await call();
      notifications.show({ color: 'green', message });
      setChanged(true);
      await load();
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  const card = (m: Module, installed: boolean) => (
    <Card key={m.name} withBorder role="group" aria-label={`Module ${m.name}`}>
      <Group justify="space-between">
        <Text fw={700}>{m.name}</Text>
        <Badge color={installed ? 'green' : 'gray'} variant="light">
          {installed ? 'Installed' : 'Available'} · {m.version}
        </Badge>
      </Group>
      <Text size="sm" my="xs">
        {m.description}
      </Text>
      {m.error && (
        <Text size="sm" c="red">
          Cannot be installed: {m.error}
        </Text>
      )}
      <Group gap="xs">
        {installed ? (
          <Button size="xs" variant="light" onClick={() => void act(() => api.modules.uninstall({ name: m.name }), `${m.name} uninstalled.`)}>
            Uninstall
          </Button>
        ) : (
          <Button size="xs" disabled={Boolean(m.error)} onClick={() => void act(() => api.modules.install({ name: m.name }), `${m.name} installed.`)}>
            Install
          </Button>
        )}
        {/* Only an installed module has data to purge (issue 35, point 10). */}
        {installed && (
          <Button size="xs" variant="light" color="red" onClick={() => setPurging(m)}>
            Purge data
          </Button>
        )}
      </Group>
    </Card>
  );

  return (
    <Stack>
      <Title order={2}>Modules</Title>
      {changed && (
        <Alert color="blue" title="Reload to see the change everywhere">
          <Button size="xs" mt="xs" onClick={() => window.location.reload()}>
            Reload now
          </Button>
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Title order={3} size="h4">
        Installed
      </Title>
      {modules?.installed.length === 0 && <Text>None.</Text>}
      <SimpleGrid cols={{ base: 1, md: 2 }}>{modules?.installed.map((m) => card(m, true))}</SimpleGrid>
      <Title order={3} size="h4">
        Available
      </Title>
      {modules?.available.length === 0 && <Text>None.</Text>}
      <SimpleGrid cols={{ base: 1, md: 2 }}>{modules?.available.map((m) => card(m, false))}</SimpleGrid>
      <Modal opened={purging !== null} onClose={() => setPurging(null)} title={`Purge ${purging?.name ?? ''}?`}>
        {purging && (
          <Stack>
            <Text>
              This uninstalls {purging.name} and deletes all of its data for good: everything it has stored in its own tables is lost
              {purging.permissions.length > 0 ? `, and its permissions (${purging.permissions.join(', ')}) leave every group` : ''}. It cannot be undone.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPurging(null)}>
                Keep it
              </Button>
              <Button color="red" onClick={() => void act(() => api.modules.purge({ name: purging.name }), `${purging.name} purged.`)}>
                Purge {purging.name} and its data
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
