// Playlists (docs/decisions/playlists.md): search by words, create, edit (items added, reordered,
// dynamic ones with their estimate), delete. A playlist in use is kept: the server's refusal is
// shown with the shows and players that use it.
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

type Used = NonNullable<Playlist['where_used']>['used'];

export default function PlaylistsPage() {
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
      title: `Delete ${p.name}?`,
      text: `The playlist ${p.name} is deleted. A playlist a show or a player uses is kept.`,
      confirm: 'Delete playlist',
      run: async () => {
        try {
          await api.playlists.playlistDelete({ id: p.id });
          setRefusal(null);
          notifications.show({ color: 'green', message: `${p.name} was deleted.` });
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
        <Title order={2}>Playlists</Title>
        {create && <Button onClick={() => setEditing('new')}>New playlist</Button>}
      </Group>
      <form role="search" aria-label="Search the playlists" onSubmit={search}>
        <Group align="flex-end">
          <TextInput label="Search playlists" placeholder="Name or description" value={words} onChange={(e) => setWords(e.currentTarget.value)} w={320} />
          <Button type="submit">Search</Button>
        </Group>
      </form>
      {refusal && (
        <Alert color="red" role="alert" title="Not done" withCloseButton closeButtonLabel="Dismiss" onClose={() => setRefusal(null)}>
          {refusal.message}
          {refusal.used.length > 0 && (
            <List size="sm" mt="xs" aria-label="Where it is used">
              {refusal.used.map((u) => <List.Item key={`${u.where}-${u.id}`}>{u.where === 'show' ? `Show ${u.id} on ${u.name}` : `The default playlist of ${u.name}`}</List.Item>)}
            </List>
          )}
        </Alert>
      )}
      <Text size="sm" aria-live="polite">{found ? `${found.num_results} playlist(s)` : ''}</Text>
      {found && found.playlists.length > 0 && (
        <Table.ScrollContainer minWidth={700}>
          <Table aria-label="Playlists" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Who sees it</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Updated</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {found.playlists.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Text fw={500}>{p.name}</Text>
                    {p.description && <Text size="sm" c="dimmed">{p.description}</Text>}
                  </Table.Td>
                  <Table.Td>{p.status}</Table.Td>
                  <Table.Td>{p.type}</Table.Td>
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
            notifications.show({ color: 'green', message: `${saved.name} was saved.` });
            void load(words);
          }}
        />
      )}
      <ConfirmModal asking={asking} onClose={() => setAsking(null)} />
    </Stack>
  );
}
