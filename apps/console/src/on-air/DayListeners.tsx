// The on-air page's last 24 hours of listening: the unique listeners and tuning hours, and the
// listeners hour by hour as the reports page draws them (in words and as a table too); without
// listeners, where the reports page sets up the listener hook.
import { useTranslation } from 'react-i18next';
import { Anchor, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { HourChart } from '../reports/HourChart';
import { hoursText } from '../reports/report-types';
import { zoneName } from '../schedule/recurrence';
import { useDayListening } from './use-day-listening';

export function DayListeners({ playerId, zone }: { playerId: number; zone: string }) {
  const { t } = useTranslation();
  const summary = useDayListening(playerId);
  if (!summary) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="on-air-listening">
      <Title order={3} size="h4" id="on-air-listening" mb="xs">{t('Listeners, the last 24 hours')}</Title>
      {summary.sessions === 0 ? (
        <Text size="sm">
          {t('No listener data in the last 24 hours.')}{' '}
          <Anchor component={Link} to="/reports" underline="always">{t('Reports: setting up the listener hook')}</Anchor>
        </Text>
      ) : (
        <>
          <Text size="sm" mb="xs" data-testid="day-listening">{t('{{count}} unique listeners, {{hours}} tuning hours.', { count: summary.unique_listeners, hours: hoursText(summary.tuning_hours) })}</Text>
          <HourChart rows={summary.by_hour} title={t('Unique listeners hour by hour, in {{zone}} time', { zone: zoneName(zone) })} />
        </>
      )}
    </Paper>
  );
}
