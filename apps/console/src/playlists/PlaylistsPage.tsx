// Playlists (docs/decisions/playlists.md): search by words, create, edit (items added, reordered,
// dynamic ones with their estimate), delete. A playlist in use is kept: the server's refusal is
// shown with the shows and players that use it.
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, List, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ApiError, api, messageOf } from '../lib/api';
import { useSession } from '../session/session-context';
import { ConfirmModal, type Confirmation } from '../webhooks/ConfirmModal';
import { PlaylistEditor } from './PlaylistEditor';
import type { Playlist, PlaylistSummary } from './playlist-types';
import { EditDeleteButtons } from '../components/EditDeleteButtons';
import { displayLocale } from '../lib/locale';
import { msg } from '../i18n';

/** A playlist's visibility and type as the editor names them. */
const playlistWords: Record<string, string> = { private: msg('Private'), visible: msg('Visible'), public: msg('Public'), standard: msg('Standard'), advanced: msg('Advanced') };

type Used = NonNullable<Playlist['where_used']>['used'];

export default function PlaylistsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const create = session.can('manage_playlists') || session.can('create_own_playlists');
  const [words, setWords] = useState('');
  const [found, setFound] = useState<{ num_results: number; playlists: PlaylistSummary[] } | null>(null);
  const [editing, setEditing] = useState<Playlist | 'new' | null>(null);
  const [asking, setAsking] = useState<Confirmation | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; used: Used } | null>(null);
  const load = useCallback((q: string) => api.playlists.playlistSearch({ q, l: 100 }).then(setFound, (e) => setRefusal({ message: messageOf(e), used: [] })), []);
  useEffect(() => void load(''), [load]);
  const search = (event: FormEvent) => {
    event.preventDefault();
    void load(words);
  };
  const edit = (id: number) => api.playlists.playlistGet({ id }).then(setEditing, (e) => setRefusal({ message: messageOf(e), used: [] }));
  const askDelete = (p: PlaylistSummary) =>
    setAsking({
      title: t('Delete {{name}}?', { name: p.name }),
      text: t('The playlist {{name}} is deleted. A playlist a show or a player uses is kept.', { name: p.name }),
      confirm: t('Delete playlist'),
      run: async () => {
        try {
          await api.playlists.playlistDelete({ id: p.id });
          setRefusal(null);
          notifications.show({ color: 'green', message: t('{{name}} was deleted.', { name: p.name }) });
          await load(words);
        } catch (failure) {
          const used = failure instanceof ApiError ? ((failure.details as { where_used?: { used: Used } } | undefined)?.where_used?.used ?? []) : [];
          setRefusal({ message: messageOf(failure), used });
        }
      },
    });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('Playlists')}</Title>
        {create && <Button onClick={() => setEditing('new')}>{t('New playlist')}</Button>}
      </Group>
      <form role="search" aria-label={t('Search the playlists')} onSubmit={search}>
        <Group align="flex-end">
          <TextInput label={t('Search playlists')} placeholder={t('Name or description')} value={words} onChange={(e) => setWords(e.currentTarget.value)} w={320} />
          <Button type="submit">{t('Search')}</Button>
        </Group>
      </form>
      {refusal && (
        <Alert color="red" role="alert" title={t('Not done')} withCloseButton closeButtonLabel={t('Dismiss')} onClose={() => setRefusal(null)}>
          {refusal.message}
          {refusal.used.length > 0 && (
            <List size="sm" mt="xs" aria-label={t('Where it is used')}>
              {refusal.used.map((u) => <List.Item key={`${u.where}-${u.id}`}>{u.where === 'show' ? t('Show {{id}} on {{name}}', { id: u.id, name: u.name }) : t('The default playlist of {{name}}', { name: u.name })}</List.Item>)}
            </List>
          )}
        </Alert>
      )}
      <Text size="sm" aria-live="polite">{found ? t('{{n}} playlist(s)', { n: found.num_results }) : ''}</Text>
      {found && found.playlists.length > 0 && (
        <Table.ScrollContainer minWidth={700}>
          <Table aria-label={t('Playlists')} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Name')}</Table.Th>
                <Table.Th>{t('Who sees it')}</Table.Th>
                <Table.Th>{t('Type')}</Table.Th>
                <Table.Th>{t('Updated')}</Table.Th>
                <Table.Th>{t('Actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {found.playlists.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Text fw={500}>{p.name}</Text>
                    {p.description && <Text size="sm" c="dimmed">{p.description}</Text>}
                  </Table.Td>
                  {/* In words of the console's language, not the API's values (issue 43, N7). */}
                  <Table.Td>{t(playlistWords[p.status] ?? p.status)}</Table.Td>
                  <Table.Td>{t(playlistWords[p.type] ?? p.type)}</Table.Td>
                  <Table.Td>{new Date(p.updated).toLocaleString(displayLocale())}</Table.Td>
                  <Table.Td>
                    {p.can_edit && (
                      <EditDeleteButtons name={p.name} onEdit={() => void edit(p.id)} onDelete={() => askDelete(p)} />
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && (
        <PlaylistEditor
          playlist={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            notifications.show({ color: 'green', message: t('{{name}} was saved.', { name: saved.name }) });
            void load(words);
          }}
        />
      )}
      <ConfirmModal asking={asking} onClose={() => setAsking(null)} />
    </Stack>
  );
}
