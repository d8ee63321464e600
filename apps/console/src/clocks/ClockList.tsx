// The clocks: name, slots, length and fill; New, Edit and Delete with manage_players (a clock in a
// player's grid is kept: the server's refusal names the players). Everyone else reads a clock in
// the editor without saving it.
import { useTranslation } from 'react-i18next';
import { Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { EditDeleteButtons } from '../components/EditDeleteButtons';
import { api } from '../lib/api';
import { formatDuration } from '../media/media-types';
import { ConfirmModal } from '../webhooks/ConfirmModal';
import type { Category, Clock } from './clock-types';
import { ClockEditor } from './ClockEditor';
import { useDelete } from './use-delete';

interface Props {
  clocks: Clock[];
  categories: Category[];
  manage: boolean;
  onChanged: () => void;
  onError: (message: string | null) => void;
}

export function ClockList({ clocks, categories, manage, onChanged, onError }: Props) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Clock | 'new' | null>(null);
  const categoryName = (id: number | null) => (id === null ? t('none') : (categories.find((c) => c.id === id)?.name ?? String(id)));
  const removal = useDelete(onChanged, onError);
  const askDelete = (clock: Clock) => removal.ask(clock.name, t('The clock {{name}} is deleted. A clock in a player’s grid is kept.', { name: clock.name }), t('Delete clock'), () => api.scheduling.clockDelete({ id: clock.id }));
  return (
    <>
      <Group justify="space-between" mt="sm">
        <Text size="sm">{t('A clock is an hour’s plan: songs from categories, station IDs, events at fixed minutes.')}</Text>
        {manage && <Button onClick={() => setEditing('new')}>{t('New clock')}</Button>}
      </Group>
      {clocks.length === 0 ? (
        <Text mt="sm">{t('No clocks yet.')}</Text>
      ) : (
        <Table aria-label={t('Clocks')} striped mt="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Name')}</Table.Th>
              <Table.Th>{t('Slots')}</Table.Th>
              <Table.Th>{t('Length')}</Table.Th>
              <Table.Th>{t('Fill category')}</Table.Th>
              <Table.Th>{t('Actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {clocks.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Text fw={500}>{c.name}</Text>
                  {c.description && <Text size="sm" c="dimmed">{c.description}</Text>}
                </Table.Td>
                <Table.Td>{c.slots.length}</Table.Td>
                <Table.Td>{formatDuration(c.target_seconds)}</Table.Td>
                <Table.Td>{categoryName(c.fill_category_id)}</Table.Td>
                <Table.Td>
                  {manage ? <EditDeleteButtons name={c.name} onEdit={() => setEditing(c)} onDelete={() => askDelete(c)} /> : <Button size="xs" variant="light" aria-label={t('Open {{name}}', { name: c.name })} onClick={() => setEditing(c)}>{t('Open')}</Button>}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && <ClockEditor clock={editing === 'new' ? null : editing} categories={categories} readOnly={!manage} onClose={() => setEditing(null)} onSaved={onChanged} />}
      <ConfirmModal asking={removal.asking} onClose={removal.close} />
    </>
  );
}
