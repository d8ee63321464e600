// A player's as-run log (the player monitor, GET /players/monitor), for holders of
// view_player_monitor for every player or for that one: a day or days in the player's zone,
// title, artist and show words and the source filtered by the server, 100 rows a page, oldest first, and
// the server's CSV of exactly that search (docs/console.md, "As-run log").
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { messageOf } from '../lib/api';
import { displayLocale } from '../lib/locale';
import { mayFor } from '../on-air/use-on-air-data';
import { PlayerSelect } from '../players/PlayerSelect';
import { remembered, usePlayerChoice } from '../players/use-player-choice';
import { zoneName } from '../schedule/recurrence';
import { useSession } from '../session/session-context';
import { asRunCsv, csvName, dayFilter, narrowed, saveFile, searchOf, todayIn, type AsRunFilter } from './as-run-types';
import { AsRunFilters } from './AsRunFilters';
import { AsRunTable } from './AsRunTable';
import { PAGE_SIZE, useAsRun } from './use-as-run';

const dayWords = (day: string) => DateTime.fromISO(day).toFormat('cccc d LLLL yyyy');

export default function AsRunPage() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  // Only the players whose log the user may read (view_player_monitor, or view_player_monitor:<id>).
  const { players, player, choose, total, error: loadError } = usePlayerChoice(remembered.shows, (p) => mayFor(permissions, 'view_player_monitor', p.id));
  const zone = player?.timezone ?? 'UTC';
  const [asked, setAsked] = useState<AsRunFilter | null>(null);
  const [paging, setPaging] = useState({ key: '', page: 1 });
  // Until a filter is applied: today in the player's zone.
  const filter = player ? (asked ?? dayFilter(todayIn(zone))) : null;
  const key = `${player?.id}:${JSON.stringify(filter)}`;
  const page = paging.key === key ? paging.page : 1;
  const { result, error, errors } = useAsRun(player?.id ?? null, filter, page);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const download = async () => {
    if (!player || !filter) return;
    setSaving(true);
    setSaveError(null);
    try {
      saveFile(await asRunCsv(searchOf(player.id, filter)), csvName(player.name, filter), 'text/csv;charset=utf-8');
    } catch (failure) {
      setSaveError(messageOf(failure));
    } finally {
      setSaving(false);
    }
  };
  const span = filter && filter.until !== filter.from;
  const first = (page - 1) * PAGE_SIZE;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('As-run log')}</Title>
        {result && result.total > 0 && <Button variant="light" loading={saving} onClick={() => void download()}>{t('Download CSV')}</Button>}
      </Group>
      {players && players.length > 0 && <PlayerSelect players={players} player={player} onChoose={choose} />}
      {players?.length === 0 && <Text>{total ? t('You may read the as-run log of none of the players.') : t('No players yet: create one on the Players page.')}</Text>}
      {player && filter && <AsRunFilters key={`${player.id}:${JSON.stringify(filter)}`} applied={filter} onApply={setAsked} errors={errors} />}
      {(error ?? loadError) && <Alert color="red" role="alert" title={t('The as-run log could not be read')}>{error ?? loadError}</Alert>}
      {saveError && <Alert color="red" role="alert" title={t('The CSV could not be made')} withCloseButton closeButtonLabel={t('Dismiss')} onClose={() => setSaveError(null)}>{saveError}</Alert>}
      {player && filter && (
        <Text size="sm" aria-live="polite">
          {span ? t('{{name}} from {{from}} through {{until}}, in {{zone}} time.', { name: player.name, from: dayWords(filter.from), until: dayWords(filter.until), zone: zoneName(zone) }) : t('{{name}} on {{day}}, in {{zone}} time.', { name: player.name, day: dayWords(filter.from), zone: zoneName(zone) })}{' '}
          {result && result.total > 0 && t('{{from}}–{{to}} of {{total}}, oldest first.', { from: first + 1, to: first + result.entries.length, total: result.total.toLocaleString(displayLocale()) })}
        </Text>
      )}
      {result?.total === 0 && <Text role="status">{filter && narrowed(filter) ? t('Nothing logged matches these filters.') : span ? t('Nothing was logged on these days.') : t('Nothing was logged on this day.')}</Text>}
      {result && result.entries.length > 0 && <AsRunTable entries={result.entries} withDate={Boolean(span)} />}
      {result && result.total > PAGE_SIZE && <Pagination total={Math.ceil(result.total / PAGE_SIZE)} value={page} onChange={(next) => setPaging({ key, page: next })} aria-label={t('Pages of the as-run log')} />}
    </Stack>
  );
}
