// The period's listening in figures: sessions, unique listeners, aggregate tuning hours, and the
// mean and median length of the sessions that ended in it (a dash when none did).
import { useTranslation } from 'react-i18next';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatDuration } from '../media/media-types';
import { countText, hoursText, type Summary } from './report-types';

function Figure({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <Paper withBorder p="sm" role="group" aria-labelledby={`${id}-label`}>
      <Text size="sm" c="dimmed" id={`${id}-label`}>{label}</Text>
      <Text fw={700} size="xl" data-testid={id}>{value}</Text>
    </Paper>
  );
}

export function SummaryFigures({ summary }: { summary: Summary }) {
  const { t } = useTranslation();
  const length = (seconds: number | null) => (seconds === null ? '—' : formatDuration(seconds));
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} component="section" aria-label={t('Listening in figures')}>
      <Figure id="figure-sessions" label={t('Sessions')} value={countText(summary.sessions)} />
      <Figure id="figure-listeners" label={t('Unique listeners')} value={countText(summary.unique_listeners)} />
      <Figure id="figure-tuning-hours" label={t('Aggregate tuning hours')} value={hoursText(summary.tuning_hours)} />
      <Figure id="figure-mean" label={t('Mean session length')} value={length(summary.mean_session_seconds)} />
      <Figure id="figure-median" label={t('Median session length')} value={length(summary.median_session_seconds)} />
    </SimpleGrid>
  );
}
