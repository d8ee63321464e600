// The players (docs/decisions/players.md): each with its zone, what it can play, its parent and
// what it takes from it, its default playlist, who airs it and in what state (OB Player's last
// contact; for managers, what GET /playout/status says of one Airwave airs, and where its live
// source connects); create, edit, delete (manage_players). Deleting a player the server keeps (a
// parent, one with a schedule) shows why.
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useState } from 'react';
import { api, messageOf } from '../lib/api';
import { useSession } from '../session/session-context';
import { ConfirmModal, type Confirmation } from '../webhooks/ConfirmModal';
import { PlayerForm } from './PlayerForm';
import { inheritedText, supports, type Player, type PlaylistSummary } from './player-types';
import { EditDeleteButtons } from '../components/EditDeleteButtons';
import { usePlayoutStatus } from './use-playout-status';
import { AirsCell } from './AirsCell';

export default function PlayersPage() {
  const { t } = useTranslation();
  const session = useSession();
  const manage = session.can('manage_players');
  const [players, setPlayers] = useState<Player[] | null>(null);
  const [playlists, setPlaylists] = useState<PlaylistSummary[]>([]);
  const [editing, setEditing] = useState<Player | 'new' | null>(null);
  const [asking, setAsking] = useState<Confirmation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const status = usePlayoutStatus(manage);
  const load = useCallback(() => api.scheduling.playerList({}).then(setPlayers, (e) => setError(messageOf(e))), []);
  useEffect(() => {
    void load();
    api.playlists.playlistSearch({ l: 500, sort_by: 'name', sort_dir: 'asc' }).then((r) => setPlaylists(r.playlists), () => undefined);
  }, [load]);
  const nameOf = (id: number | null) => players?.find((p) => p.id === id)?.name ?? (id ? t('Player {{id}}', { id }) : '');
  // A playlist the search does not answer is another's private one (N8): said so, not "Playlist 1".
  const playlistName = (id: number | null) => playlists.find((p) => p.id === id)?.name ?? (id ? t('a private playlist') : '—');
  const askDelete = (player: Player) =>
    setAsking({
      title: t('Delete {{name}}?', { name: player.name }),
      text: t('The player {{name}} is deleted. A player with shows, timeslots, alerts or child players is kept.', { name: player.name }),
      confirm: t('Delete player'),
      run: async () => {
        try {
          await api.scheduling.playerDelete({ id: player.id });
          notifications.show({ color: 'green', message: t('{{name}} was deleted.', { name: player.name }) });
          setError(null);
          await load();
        } catch (failure) {
          setError(messageOf(failure));
        }
      },
    });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('Players')}</Title>
        {manage && <Button onClick={() => setEditing('new')}>{t('New player')}</Button>}
      </Group>
      {error && <Alert color="red" role="alert" title={t('Not done')} withCloseButton closeButtonLabel={t('Dismiss')} onClose={() => setError(null)}>{error}</Alert>}
      {players?.length === 0 && <Text>{t('No players yet.')}</Text>}
      {players && players.length > 0 && (
        <Table.ScrollContainer minWidth={900}>
          <Table aria-label={t('Players')} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Name')}</Table.Th>
                <Table.Th>{t('Time zone')}</Table.Th>
                <Table.Th>{t('Plays')}</Table.Th>
                <Table.Th>{t('Parent and what it takes')}</Table.Th>
                <Table.Th>{t('Default playlist')}</Table.Th>
                <Table.Th>{t('Airs')}</Table.Th>
                <Table.Th>{t('Password')}</Table.Th>
                {manage && <Table.Th>{t('Actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {players.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Text fw={500}>{p.name}</Text>
                    {p.description && <Text size="sm" c="dimmed">{p.description}</Text>}
                  </Table.Td>
                  <Table.Td>{p.timezone}</Table.Td>
                  <Table.Td>{supports.filter((s) => p[s.key]).map((s) => t(s.label)).join(', ') || t('nothing')}</Table.Td>
                  <Table.Td>{p.parent_player_id ? `${nameOf(p.parent_player_id)}: ${inheritedText(p) || t('nothing')}` : '—'}</Table.Td>
                  <Table.Td>{playlistName(p.default_playlist_id)}</Table.Td>
                  <Table.Td><AirsCell player={p} status={status.value} /></Table.Td>
                  <Table.Td>
                    {p.playout === 'external' ? (p.can_sync ? t('password set') : t('no password')) : p.has_icecast_source ? t('source password set') : t('no source password')}
                  </Table.Td>
                  {manage && (
                    <Table.Td>
                      <EditDeleteButtons name={p.name} onEdit={() => setEditing(p)} onDelete={() => askDelete(p)} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && (
        <PlayerForm
          player={editing === 'new' ? null : editing}
          players={players ?? []}
          playlists={playlists}
          status={status.value}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            notifications.show({ color: 'green', message: t('{{name}} was saved.', { name: saved.name }) });
            void load();
            status.reload();
          }}
        />
      )}
      <ConfirmModal asking={asking} onClose={() => setAsking(null)} />
    </Stack>
  );
}
