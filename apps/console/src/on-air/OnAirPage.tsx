// The on-air page of a player, the console's home when there are players: its stream to listen to
// and its listeners, now and next, the rest of the hour from the rundown, what aired, the player's
// last contact and the alerts in force, kept live by the now-playing stream (docs/console.md, "On
// air"); and the last 24 hours' listeners hour by hour.
import { msg } from '../i18n';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { PlayerSelect } from '../players/PlayerSelect';
import { zoneName } from '../schedule/recurrence';
import { remembered, usePlayerChoice } from '../players/use-player-choice';
import { useSession } from '../session/session-context';
import { NowNext } from './NowNext';
import { AiredList, PlayerState, RestOfHour } from './OnAirLists';
import { mergeAired, plannedItems, restOfHour } from './on-air-types';
import { useOnAirData } from './use-on-air-data';
import { useClock, useNowPlaying, type Connection } from './use-now-playing';
import { Listen } from './Listen';
import { useListeners } from './use-listeners';
import { DayListeners } from './DayListeners';

const connectionText: Record<Connection, { label: string; color: string }> = {
  // Filled in shade 9 (8 for gray): white text at 4.5:1 or more in both themes.
  connecting: { label: msg('Connecting'), color: 'gray.8' },
  live: { label: msg('Live'), color: 'teal.9' },
  lost: { label: msg('Reconnecting'), color: 'red.9' },
};

export default function OnAirPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { players, player, choose, error: loadError } = usePlayerChoice(remembered.shows);
  const live = useNowPlaying(player?.id ?? null);
  const data = useOnAirData(player, session.permissions, live.now?.updated ?? null);
  const listeners = useListeners(player?.id ?? null);
  const at = useClock();
  const zone = player?.timezone ?? 'UTC';
  const planned = useMemo(() => (data.blocks ? plannedItems(data.blocks) : null), [data.blocks]);
  const aired = data.aired === null ? null : mergeAired(data.aired, live.aired);
  const connection = connectionText[live.connection];
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('On air')}</Title>
        {player && <Badge color={connection.color} variant="filled" aria-live="polite">{t(connection.label)}</Badge>}
      </Group>
      {players && players.length > 0 && <PlayerSelect players={players} player={player} onChoose={choose} />}
      {players?.length === 0 && <Text>{t('No players yet: create one on the Players page.')}</Text>}
      {(data.error ?? loadError) && (
        <Alert color="red" role="alert" title={t('Not everything could be read')}>
          {data.error ?? loadError}
        </Alert>
      )}
      {player && (
        <>
          <Text size="sm">{t('{{name}}, in {{zone}} time.', { name: player.name, zone: zoneName(zone) })}</Text>
          {player.stream_url && <Listen streamUrl={player.stream_url} listeners={listeners} />}
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <NowNext now={live.now} planned={planned ?? []} zone={zone} at={at} />
            <RestOfHour items={planned && restOfHour(planned, at, zone)} zone={zone} />
            <AiredList entries={aired} zone={zone} />
            <PlayerState data={data} zone={zone} at={at} heardAt={live.heardAt} />
          </SimpleGrid>
          <DayListeners playerId={player.id} zone={zone} />
        </>
      )}
    </Stack>
  );
}
