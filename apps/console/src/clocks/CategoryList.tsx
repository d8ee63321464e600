// The music categories: name, where the songs come from; New, Edit and Delete with manage_players
// (a category a clock uses is kept: the server's refusal names the clocks).
import { useTranslation } from 'react-i18next';
import { Button, Group, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { EditDeleteButtons } from '../components/EditDeleteButtons';
import { api } from '../lib/api';
import { ConfirmModal } from '../webhooks/ConfirmModal';
import { sourceText, type Category } from './clock-types';
import { CategoryForm } from './CategoryForm';
import { useDelete } from './use-delete';

interface Props {
  categories: Category[];
  manage: boolean;
  onChanged: () => void;
  onError: (message: string | null) => void;
}

export function CategoryList({ categories, manage, onChanged, onError }: Props) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const playlists = usePlaylistNames();
  const playlistName = (id: number) => playlists[id] ?? t('a private playlist');
  const removal = useDelete(onChanged, onError);
  const askDelete = (category: Category) => removal.ask(category.name, t('The category {{name}} is deleted. A category a clock draws on is kept.', { name: category.name }), t('Delete category'), () => api.scheduling.clockCategoryDelete({ id: category.id }));
  return (
    <>
      <Group justify="space-between" mt="sm">
        <Text size="sm">{t('A category is where a clock’s songs come from: a playlist, a search of the library, or a saved search.')}</Text>
        {manage && <Button onClick={() => setEditing('new')}>{t('New category')}</Button>}
      </Group>
      {categories.length === 0 ? (
        <Text mt="sm">{t('No categories yet.')}</Text>
      ) : (
        <Table aria-label={t('Categories')} striped mt="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Name')}</Table.Th>
              <Table.Th>{t('Songs from')}</Table.Th>
              {manage && <Table.Th>{t('Actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {categories.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Text fw={500}>{c.name}</Text>
                  {c.description && <Text size="sm" c="dimmed">{c.description}</Text>}
                </Table.Td>
                <Table.Td>{sourceText(c, playlistName)}</Table.Td>
                {manage && <Table.Td><EditDeleteButtons name={c.name} onEdit={() => setEditing(c)} onDelete={() => askDelete(c)} /></Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && <CategoryForm category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={onChanged} />}
      <ConfirmModal asking={removal.asking} onClose={removal.close} />
    </>
  );
}

/** The names of the playlists the user may see, by id. */
function usePlaylistNames(): Record<number, string> {
  const [names, setNames] = useState<Record<number, string>>({});
  useEffect(() => {
    api.playlists.playlistSearch({ l: 500, sort_by: 'name', sort_dir: 'asc' }).then((r) => setNames(Object.fromEntries(r.playlists.map((p) => [p.id, p.name]))), () => undefined);
  }, []);
  return names;
}
