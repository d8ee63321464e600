// Alerts (priority broadcasts) of a player: what airs, how often, from when until when in the
// player's zone; create, edit, delete (manage_alerts, for all players or this one). A child that
// takes its parent's alerts says so.
import { useTranslation } from 'react-i18next';
import { Alert as Notice, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useState } from 'react';
import { api, messageOf } from '../lib/api';
import { mayFor } from '../on-air/use-on-air-data';
import { zoneName } from '../schedule/recurrence';
import { useSession } from '../session/session-context';
import { PlayerSelect } from '../players/PlayerSelect';
import { remembered, usePlayerChoice } from '../players/use-player-choice';
import { ConfirmModal, type Confirmation } from '../webhooks/ConfirmModal';
import { every, shown, type Alert } from './alert-types';
import { AlertForm } from './AlertForm';
import { EditDeleteButtons } from '../components/EditDeleteButtons';

export default function AlertsPage() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  // Only the players whose alerts the user may manage (manage_alerts, or manage_alerts:<id>).
  const { players, player, choose, total, error: loadError } = usePlayerChoice(remembered.alerts, (p) => mayFor(permissions, 'manage_alerts', p.id));
  const [alerts, setAlerts] = useState<Alert[] | null>(null);
  const [editing, setEditing] = useState<Alert | 'new' | null>(null);
  const [asking, setAsking] = useState<Confirmation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const playerId = player?.id;
  const load = useCallback(() => {
    if (!playerId) return;
    api.scheduling.alertSearch({ player_id: playerId }).then(setAlerts, (e) => { setAlerts(null); setError(messageOf(e)); });
  }, [playerId]);
  useEffect(() => load(), [load]);
  const parent = player?.parent_player_id && player.use_parent_alert ? players?.find((p) => p.id === player.parent_player_id) : undefined;
  const askDelete = (alert: Alert) =>
    setAsking({
      title: t('Delete {{name}}?', { name: alert.name }),
      text: t('The alert {{name}} stops airing on {{player}} and is deleted.', { name: alert.name, player: player?.name ?? t('this player') }),
      confirm: t('Delete alert'),
      run: async () => {
        try {
          await api.scheduling.alertDelete({ id: alert.id });
          notifications.show({ color: 'green', message: t('{{name}} was deleted.', { name: alert.name }) });
          load();
        } catch (failure) {
          setError(messageOf(failure));
        }
      },
    });
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('Alerts')}</Title>
        {player && <Button onClick={() => setEditing('new')}>{t('New alert')}</Button>}
      </Group>
      {players && players.length > 0 && <PlayerSelect players={players} player={player} onChoose={(id) => { setError(null); choose(id); }} />}
      {players?.length === 0 && <Text>{total ? t('You may manage the alerts of none of the players.') : t('No players yet: create one on the Players page.')}</Text>}
      {(error ?? loadError) && <Notice color="red" role="alert" title={t('Not done')} withCloseButton closeButtonLabel={t('Dismiss')} onClose={() => setError(null)}>{error ?? loadError}</Notice>}
      {player && <Text size="sm">{parent ? t('Times are {{zone}} time ({{timezone}}). {{name}} airs the alerts of its parent, {{parent}}, instead of these.', { zone: zoneName(player.timezone), timezone: player.timezone, name: player.name, parent: parent.name }) : t('Times are {{zone}} time ({{timezone}}).', { zone: zoneName(player.timezone), timezone: player.timezone })}</Text>}
      {alerts?.length === 0 && <Text>{t('No alerts on {{name}}.', { name: player?.name ?? '' })}</Text>}
      {player && alerts && alerts.length > 0 && (
        <Table.ScrollContainer minWidth={700}>
          <Table aria-label={t('Alerts')} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Name')}</Table.Th>
                <Table.Th>{t('Airs')}</Table.Th>
                <Table.Th>{t('How often')}</Table.Th>
                <Table.Th>{t('From')}</Table.Th>
                <Table.Th>{t('Until')}</Table.Th>
                <Table.Th>{t('Actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {alerts.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{a.name}</Table.Td>
                  <Table.Td>{a.item_name ?? t('a deleted item')}</Table.Td>
                  <Table.Td>{every(a.frequency)}</Table.Td>
                  <Table.Td>{shown(a.start, player.timezone)}</Table.Td>
                  <Table.Td>{shown(a.stop, player.timezone)}</Table.Td>
                  <Table.Td>
                    <EditDeleteButtons name={a.name} onEdit={() => setEditing(a)} onDelete={() => askDelete(a)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && player && (
        <AlertForm
          alert={editing === 'new' ? null : editing}
          player={player}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            notifications.show({ color: 'green', message: t('{{name}} was saved.', { name: saved.name }) });
            load();
          }}
        />
      )}
      <ConfirmModal asking={asking} onClose={() => setAsking(null)} />
    </Stack>
  );
}
