// What a player airs in a day (GET /players/{id}/rundown): its blocks in time order with their
// items, times in the player's zone; the default playlist's fill of each gap shown as one,
// opened on demand. A day the clocks change has 23 or 25 hours, and says so.
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { DateTime } from 'luxon';
import { useEffect, useMemo, useState } from 'react';
import { api, messageOf } from '../lib/api';
import { PlayerSelect } from '../players/PlayerSelect';
import { remembered, usePlayerChoice } from '../players/use-player-choice';
import { hoursInDay, zoneName } from '../schedule/recurrence';
import { BlockView } from './BlockView';
import { clock, dayInWords, grouped, type Block } from './rundown-types';
import { useAired } from './use-aired';
import { useClockContext } from './use-clock-context';

export default function RundownPage() {
  const { t } = useTranslation();
  const { players, player, choose, error: loadError } = usePlayerChoice(remembered.shows);
  const zone = player?.timezone ?? 'UTC';
  const [day, setDay] = useState(() => DateTime.now().toISODate()!);
  const [blocks, setBlocks] = useState<Block[] | null>(null);
  // Shows on their own, the default playlist's runs as one: the header counts them, the page draws them.
  const groups = useMemo(() => (blocks ? grouped(blocks) : null), [blocks]);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const playerId = player?.id;
  const aired = useAired(playerId, day);
  const clocks = useClockContext(playerId, setBlocks);
  useEffect(() => {
    if (!playerId || !DateTime.fromISO(day).isValid) return;
    setBlocks(null);
    let current = true;
    const next = DateTime.fromISO(day).plus({ days: 1 }).toISODate()!;
    // Local midnights: the server reads them in the player's zone.
    api.scheduling.playerRundown({ id: playerId, start: `${day} 00:00:00`, end: `${next} 00:00:00` }).then(
      (answer) => { if (current) { setError(null); setBlocks(answer); } },
      (failure) => current && setError(messageOf(failure)),
    );
    // An answer for a player or day no longer shown is dropped.
    return () => { current = false; };
  }, [playerId, day, attempt]);
  const shift = (days: number) => setDay(DateTime.fromISO(day).plus({ days }).toISODate()!);
  const hours = player ? hoursInDay(day, zone) : 24;
  return (
    <Stack>
      <Title order={2}>{t('Rundown')}</Title>
      <Group align="flex-end">
        {players && players.length > 0 && <PlayerSelect players={players} player={player} onChoose={choose} />}
        <TextInput type="date" label={t('Day')} value={day} onChange={(e) => e.currentTarget.value && setDay(e.currentTarget.value)} />
        <Button variant="default" onClick={() => shift(-1)}>{t('Previous day')}</Button>
        <Button variant="default" onClick={() => shift(1)}>{t('Next day')}</Button>
      </Group>
      {players?.length === 0 && <Text>{t('No players yet: create one on the Players page.')}</Text>}
      {(error ?? loadError) && (
        <Alert color="red" role="alert" title={t('The rundown could not be read')}>
          {error ?? loadError}{' '}
          {error && <Button size="xs" variant="light" onClick={() => setAttempt((n) => n + 1)}>{t('Try again')}</Button>}
        </Alert>
      )}
      {player && (
        <Text size="sm" aria-live="polite">
          {t('{{name}} on {{day}}, in {{zone}} time', { name: player.name, day: DateTime.fromISO(day).toFormat('cccc d LLLL yyyy'), zone: zoneName(zone) })}
          {hours !== 24 ? ` ${t('(a {{hours}}-hour day: the clocks change)', { hours })}` : ''}
          {groups ? dayInWords(groups) : '.'}
        </Text>
      )}
      {blocks?.length === 0 && <Text>{t('Nothing airs: no shows and no default playlist.')}</Text>}
      {groups &&
        groups.map((group) =>
          group.kind === 'block' ? (
            <BlockView key={`${group.block.start}-${group.block.show_id}`} block={group.block} zone={zone} day={day} aired={aired} clocks={clocks} />
          ) : (
            <details key={`fill-${group.blocks[0]!.start}`} className="rundown-fill">
              <summary>
                {t('{{start}} – {{end}} · {{name}}, {{n}} time(s)', { start: clock(group.blocks[0]!.start, zone, day), end: clock(group.blocks.at(-1)!.end, zone, day), name: group.blocks[0]!.name, n: group.blocks.length })}
              </summary>
              <Stack gap="xs" mt="xs">
                {group.blocks.slice(0, 5).map((block) => <BlockView key={block.start} block={block} zone={zone} day={day} limit={50} aired={aired} />)}
                {group.blocks.length > 5 && <Text size="sm">{t('and {{n}} more plays of it', { n: group.blocks.length - 5 })}</Text>}
              </Stack>
            </details>
          ),
        )}
    </Stack>
  );
}
