// Replacing a song a clock chose: the songs of its category that keep every rule in its place
// (least recently played first, as the server answers them), one chosen to air there instead.
import { useTranslation } from 'react-i18next';
import { Alert, Button, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DateTime } from 'luxon';
import { useEffect, useState } from 'react';
import { useReturnFocus } from '../components/use-return-focus';
import { api, messageOf } from '../lib/api';
import { formatDuration } from '../media/media-types';
import type { Block } from './rundown-types';

type Alternatives = Awaited<ReturnType<typeof api.scheduling.rundownAlternatives>>['songs'];

interface Props {
  item: Block['items'][number];
  block: Block;
  zone: string;
  playerId: number;
  onClose: () => void;
  onReplaced: (block: Block) => void;
}

export function ReplaceSong({ item, block, zone, playerId, onClose, onReplaced }: Props) {
  const { t } = useTranslation();
  useReturnFocus();
  const [songs, setSongs] = useState<Alternatives | null>(null);
  const [error, setError] = useState<string | null>(null);
  const spot = { id: playerId, start: block.start, order: item.order };
  useEffect(() => {
    api.scheduling.rundownAlternatives({ id: playerId, start: block.start, order: item.order }).then((answer) => setSongs(answer.songs), (failure) => setError(messageOf(failure)));
  }, [playerId, block.start, item.order]);
  const choose = async (mediaId: number, title: string) => {
    try {
      const next = await api.scheduling.rundownReplace({ ...spot, media_id: mediaId });
      notifications.show({ color: 'green', message: t('{{title}} airs there now.', { title }) });
      onReplaced(next);
    } catch (failure) {
      setError(messageOf(failure));
    }
  };
  const played = (iso: string | null) => (iso ? DateTime.fromISO(iso, { zone }).toFormat('d LLL HH:mm') : t('not in the last 7 days'));
  return (
    <Modal opened onClose={onClose} size="xl" title={t('Replace {{title}}', { title: item.artist ? `${item.artist} - ${item.title}` : item.title })}>
      <Stack>
        {error && <Alert color="red" role="alert" title={t('Not done')}>{error}</Alert>}
        <Text size="sm">{t('Songs of the same category that keep every rotation rule here, least recently played first.')}</Text>
        {songs?.length === 0 && <Text>{t('No other song of the category keeps every rule here.')}</Text>}
        {songs && songs.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label={t('Songs that may air here')} striped fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('Song')}</Table.Th>
                  <Table.Th>{t('Album')}</Table.Th>
                  <Table.Th>{t('Length')}</Table.Th>
                  <Table.Th>{t('Last played')}</Table.Th>
                  <Table.Th>{t('Actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {songs.map((song) => (
                  <Table.Tr key={song.id}>
                    <Table.Td>{song.artist ? `${song.artist} - ${song.title}` : song.title}</Table.Td>
                    <Table.Td>{song.album}</Table.Td>
                    <Table.Td>{formatDuration(song.duration)}</Table.Td>
                    <Table.Td>{played(song.last_played)}</Table.Td>
                    <Table.Td>
                      <Button size="compact-sm" variant="light" aria-label={t('Air {{title}} here', { title: song.title })} onClick={() => void choose(song.id, song.title)}>{t('Air this one')}</Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Button variant="default" onClick={onClose} style={{ alignSelf: 'flex-end' }}>{t('Cancel')}</Button>
      </Stack>
    </Modal>
  );
}
