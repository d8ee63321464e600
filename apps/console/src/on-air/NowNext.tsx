// Now and next: what the player reports it airs (with its times and how far it has played), or
// what was planned when it has reported nothing; and the next item of the rundown.
import { useTranslation } from 'react-i18next';
import { Badge, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { formatDuration } from '../media/media-types';
import { clockIn, itemName, plannedAfter, plannedAt, progressOf, type NowPlaying, type Planned } from './on-air-types';

function NowCard({ now, planned, zone, at }: { now: NowPlaying | null; planned: Planned[]; zone: string; at: number }) {
  const { t } = useTranslation();
  const progress = now ? progressOf(now, at) : null;
  const plan = plannedAt(planned, at);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="on-air-now">
      <Group justify="space-between">
        <Title order={3} size="h4" id="on-air-now">{t('Now')}</Title>
        {now?.show_name && <Badge variant="light">{now.show_name}</Badge>}
      </Group>
      {now?.media ? (
        <Stack gap={4} mt="xs">
          <Text fw={700} size="lg" data-testid="now-title">{itemName(now.media)}</Text>
          {progress ? (
            <>
              <Progress.Root size="lg" aria-hidden={false}>
                <Progress.Section value={progress.percent} aria-label={t('Played of {{title}}', { title: now.media.title ?? t('the item') })} />
              </Progress.Root>
              <Text size="sm">
                {t('{{start}} – {{end}} · {{left}} left of {{duration}}', { start: clockIn(progress.start, zone), end: clockIn(progress.end, zone), left: formatDuration(Math.max(0, (progress.end - at) / 1000)), duration: formatDuration(now.media.duration) })}
              </Text>
            </>
          ) : (
            <Text size="sm">{now.media.time_left !== null ? t('{{left}} left when reported', { left: formatDuration(now.media.time_left) }) : t('Its end is not known.')}</Text>
          )}
          {now.show_end && <Text size="sm">{t('The show ends at {{time}}.', { time: clockIn(Date.parse(now.show_end), zone) })}</Text>}
        </Stack>
      ) : (
        <Stack gap={4} mt="xs">
          <Text>{now?.updated ? t('Between items: the player reports nothing airing.') : t('The player has not reported what it airs.')}</Text>
          {plan && <Text size="sm">{t('Planned now: {{item}} ({{start}} – {{end}}, {{block}})', { item: itemName(plan), start: clockIn(plan.start, zone), end: clockIn(plan.end, zone), block: plan.block })}</Text>}
        </Stack>
      )}
    </Paper>
  );
}

function NextCard({ now, planned, zone, at }: { now: NowPlaying | null; planned: Planned[]; zone: string; at: number }) {
  const { t } = useTranslation();
  const end = now?.media?.end ? Date.parse(now.media.end) : at;
  const next = plannedAfter(planned, Math.max(end, at));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="on-air-next">
      <Title order={3} size="h4" id="on-air-next">{t('Next')}</Title>
      {next ? (
        <Stack gap={4} mt="xs">
          <Text fw={700} data-testid="next-title">{itemName(next)}</Text>
          <Text size="sm">{t('at {{time}} · {{duration}} · {{block}}', { time: clockIn(next.start, zone), duration: formatDuration((next.end - next.start) / 1000), block: next.block })}</Text>
        </Stack>
      ) : (
        <Text mt="xs">{t('Nothing planned in the next two hours.')}</Text>
      )}
    </Paper>
  );
}

export function NowNext(props: { now: NowPlaying | null; planned: Planned[]; zone: string; at: number }) {
  return (
    <>
      <NowCard {...props} />
      <NextCard {...props} />
    </>
  );
}
