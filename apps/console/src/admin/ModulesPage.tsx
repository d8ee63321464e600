// Modules: install, uninstall, purge. Purging deletes the module's data for good, so it asks first,
// naming the module, its data and its permissions. The server says a reload is needed after each.
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useState } from 'react';
import type { operationGroups } from '@airwave/contracts';
import type { z } from 'zod';
import { api, messageOf } from '../lib/api';

type Module = z.output<(typeof operationGroups)['modules']['list']['output']>['installed'][number];

export default function ModulesPage() {
  const { t } = useTranslation();
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
    <Card key={m.name} withBorder role="group" aria-label={t('Module {{name}}', { name: m.name })}>
      <Group justify="space-between">
        <Text fw={700}>{m.name}</Text>
        <Badge color={installed ? 'green' : 'gray'} variant="light">
          {installed ? t('Installed') : t('Available')} · {m.version}
        </Badge>
      </Group>
      <Text size="sm" my="xs">
        {m.description}
      </Text>
      {m.error && (
        <Text size="sm" c="red">
          {t('Cannot be installed: {{error}}', { error: m.error })}
        </Text>
      )}
      <Group gap="xs">
        {installed ? (
          <Button size="xs" variant="light" onClick={() => void act(() => api.modules.uninstall({ name: m.name }), t('{{name}} uninstalled.', { name: m.name }))}>
            {t('Uninstall')}
          </Button>
        ) : (
          <Button size="xs" disabled={Boolean(m.error)} onClick={() => void act(() => api.modules.install({ name: m.name }), t('{{name}} installed.', { name: m.name }))}>
            {t('Install')}
          </Button>
        )}
        {/* Only an installed module has data to purge (issue 35, point 10). */}
        {installed && (
          <Button size="xs" variant="light" color="red" onClick={() => setPurging(m)}>
            {t('Purge data')}
          </Button>
        )}
      </Group>
    </Card>
  );

  return (
    <Stack>
      <Title order={2}>{t('Modules')}</Title>
      {changed && (
        <Alert color="blue" title={t('Reload to see the change everywhere')}>
          <Button size="xs" mt="xs" onClick={() => window.location.reload()}>
            {t('Reload now')}
          </Button>
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Title order={3} size="h4">
        {t('Installed')}
      </Title>
      {modules?.installed.length === 0 && <Text>{t('None.')}</Text>}
      <SimpleGrid cols={{ base: 1, md: 2 }}>{modules?.installed.map((m) => card(m, true))}</SimpleGrid>
      <Title order={3} size="h4">
        {t('Available')}
      </Title>
      {modules?.available.length === 0 && <Text>{t('None.')}</Text>}
      <SimpleGrid cols={{ base: 1, md: 2 }}>{modules?.available.map((m) => card(m, false))}</SimpleGrid>
      <Modal opened={purging !== null} onClose={() => setPurging(null)} title={t('Purge {{name}}?', { name: purging?.name ?? '' })}>
        {purging && (
          <Stack>
            <Text>
              {purging.permissions.length > 0
                ? t('This uninstalls {{name}} and deletes all of its data for good: everything it has stored in its own tables is lost, and its permissions ({{permissions}}) leave every group. It cannot be undone.', { name: purging.name, permissions: purging.permissions.join(', ') })
                : t('This uninstalls {{name}} and deletes all of its data for good: everything it has stored in its own tables is lost. It cannot be undone.', { name: purging.name })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPurging(null)}>
                {t('Keep it')}
              </Button>
              <Button color="red" onClick={() => void act(() => api.modules.purge({ name: purging.name }), t('{{name}} purged.', { name: purging.name }))}>
                {t('Purge {{name}} and its data', { name: purging.name })}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
