// Reports (issue 46, docs/decisions/listeners.md), for every signed-in user: a player's listening
// over a period of days in its zone (the last 7 at first, at most 31): the figures of the summary,
// listeners hour by hour as a chart (and in words and a table), by country when the server counts
// them, each play with who heard it, the server's CSVs, and SoundExchange's report of use. A period
// without listeners says how the listener hook is set up.
import { useTranslation } from 'react-i18next';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { PlayerSelect } from '../players/PlayerSelect';
import { remembered, usePlayerChoice } from '../players/use-player-choice';
import { zoneName } from '../schedule/recurrence';
import { CountryTable } from './CountryTable';
import { HourChart } from './HourChart';
import { ListenerHookHelp } from './ListenerHookHelp';
import { PlaysTable } from './PlaysTable';
import { ReportDownloads } from './ReportDownloads';
import { ReportPeriod } from './ReportPeriod';
import { countriesOf, lastWeek, MAX_DAYS, windowOf, type Period } from './report-types';
import { SoundExchangeForm } from './SoundExchangeForm';
import { SummaryFigures } from './SummaryFigures';
import { useReport, type Report } from './use-report';
import type { Player } from '../players/player-types';

const dayWords = (day: string) => DateTime.fromISO(day).toFormat('cccc d LLLL yyyy');

/** The report of a period once read: its listening, its plays, its files. */
function ReportBody({ report, player, period }: { report: Report; player: Player; period: Period }) {
  const { t } = useTranslation();
  const zone = player.timezone;
  const window = windowOf(period, zone);
  const countries = countriesOf(report.summary);
  return (
    <>
      <Title order={3} size="h4">{t('Listening')}</Title>
      <SummaryFigures summary={report.summary} />
      {report.summary.sessions === 0 ? (
        <ListenerHookHelp playerId={player.id} playerName={player.name} />
      ) : (
        <Paper withBorder p="md" component="section" aria-labelledby="report-hours">
          <Title order={4} size="h5" id="report-hours" mb="xs">{t('Listeners hour by hour')}</Title>
          <HourChart rows={report.summary.by_hour} title={t('Unique listeners hour by hour, in {{zone}} time', { zone: zoneName(zone) })} />
        </Paper>
      )}
      {countries && countries.length > 0 && (
        <Paper withBorder p="md" component="section" aria-labelledby="report-countries">
          <Title order={4} size="h5" id="report-countries" mb="xs">{t('By country')}</Title>
          <CountryTable rows={countries} />
        </Paper>
      )}
      <ReportDownloads playerId={player.id} playerName={player.name} period={period} window={window} />
      <Title order={3} size="h4">{t('Plays')}</Title>
      {report.plays.length === 0 ? <Text role="status">{t('Nothing aired in this period.')}</Text> : <PlaysTable key={`${player.id}:${JSON.stringify(period)}`} plays={report.plays} zone={zone} />}
      <SoundExchangeForm key={player.id} playerId={player.id} playerName={player.name} window={window} />
    </>
  );
}

export default function ReportsPage() {
  const { t } = useTranslation();
  const { players, player, choose, error: loadError } = usePlayerChoice(remembered.shows);
  const zone = player?.timezone ?? 'UTC';
  const [asked, setAsked] = useState<Period | null>(null);
  const period = player ? (asked ?? lastWeek(zone)) : null;
  const { report, error, errors, loading } = useReport(player?.id ?? null, zone, period);
  return (
    <Stack>
      <Title order={2}>{t('Reports')}</Title>
      {players && players.length > 0 && <PlayerSelect players={players} player={player} onChoose={choose} />}
      {players?.length === 0 && <Text>{t('No players yet: create one on the Players page.')}</Text>}
      {player && period && <ReportPeriod key={`${player.id}:${JSON.stringify(period)}`} applied={period} zone={zone} onApply={setAsked} errors={errors} />}
      {player && period && (
        <Text size="sm" aria-live="polite">
          {t('{{name}} from {{from}} through {{until}}, in {{zone}} time (a report spans at most {{days}} days).', { name: player.name, from: dayWords(period.from), until: dayWords(period.until), zone: zoneName(zone), days: MAX_DAYS })}
        </Text>
      )}
      {(error ?? loadError) && <Alert color="red" role="alert" title={t('The report could not be read')}>{error ?? loadError}</Alert>}
      {loading && <Text role="status">{t('Reading the report…')}</Text>}
      {player && period && report && <ReportBody report={report} player={player} period={period} />}
    </Stack>
  );
}
