import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useState } from 'react';
import { api, messageOf } from '../lib/api';
import type { Filter } from '../media/media-types';
import { describeFilter } from '../components/FilterBuilder';
import { ConfirmModal, type Confirmation } from '../webhooks/ConfirmModal';
import { DaypartingForm } from './DaypartingForm';
import { when, wrapsYear, type Restriction } from './dayparting-types';

const blank: Restriction = { id: 0, description: '', start_month: 12, start_day: 24, start_time: '00:00', end_month: 1, end_day: 6, end_time: '23:59', filters: [{ filter: 'genre', op: 'eq', val: '' }] };

export default function DaypartingPage() {
  const { t } = useTranslation();
  const [list, setList] = useState<Restriction[] | null>(null);
  const [editing, setEditing] = useState<Restriction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<Confirmation | null>(null);
  const load = useCallback(() => api.scheduling.daypartingSearch({}).then(setList, (e) => setError(messageOf(e))), []);
  useEffect(() => void load(), [load]);

  const name = (r: Restriction) => r.description || t('restriction {{id}}', { id: r.id });
  const remove = (r: Restriction) =>
    setAsking({ title: t('Delete {{name}}?', { name: name(r) }), text: t('The restriction is deleted for good: the media it keeps out can be picked at any time again.'), confirm: t('Delete restriction'), run: () => removeNow(r) });
  const removeNow = async (r: Restriction) => {
    try {
      await api.scheduling.daypartingDelete({ id: r.id });
      notifications.show({ color: 'green', message: t('Restriction deleted.') });
      await load();
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('Dayparting')}</Title>
        <Button onClick={() => setEditing(blank)}>{t('New restriction')}</Button>
      </Group>
      <Text size="sm">{t('Restrictions keep media out of dynamic selection at times of the year and day.')}</Text>
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {list?.length === 0 && <Text>{t('No restrictions.')}</Text>}
      {list && list.length > 0 && (
        <Table aria-label={t('Dayparting restrictions')} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Description')}</Table.Th>
              <Table.Th>{t('From')}</Table.Th>
              <Table.Th>{t('Until')}</Table.Th>
              <Table.Th>{t('Media')}</Table.Th>
              <Table.Th>{t('Actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.description || t('Restriction {{id}}', { id: r.id })}</Table.Td>
                <Table.Td>{when(r.start_month, r.start_day, r.start_time)}</Table.Td>
                <Table.Td>
                  {when(r.end_month, r.end_day, r.end_time)}{' '}
                  {wrapsYear(r) && (
                    <Badge color="orange" variant="light">
                      {t('next year')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{(r.filters as Filter[]).map(describeFilter).join('; ')}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button size="xs" variant="light" onClick={() => setEditing(r)} aria-label={t('Edit {{name}}', { name: name(r) })}>
                      {t('Edit')}
                    </Button>
                    <Button size="xs" variant="light" color="red" onClick={() => remove(r)} aria-label={t('Delete {{name}}', { name: name(r) })}>
                      {t('Delete')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmModal asking={asking} onClose={() => setAsking(null)} />
      {editing && (
        <DaypartingForm
          initial={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notifications.show({ color: 'green', message: t('Restriction saved.') });
            void load();
          }}
        />
      )}
    </Stack>
  );
}
