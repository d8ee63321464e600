// Now and next: what the player reports it airs (with its times and how far it has played), or
// what was planned when it has reported nothing; and the next item of the rundown.
import { Badge, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { formatDuration } from '../media/media-types';
import { clockIn, itemName, plannedAfter, plannedAt, progressOf, type NowPlaying, type Planned } from './on-air-types';

function NowCard({ now, planned, zone, at }: { now: NowPlaying | null; planned: Planned[]; zone: string; at: number }) {
  const progress = now ? progressOf(now, at) : null;
  const plan = plannedAt(planned, at);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="on-air-now">
      <Group justify="space-between">
        <Title order={3} size="h4" id="on-air-now">Now</Title>
        {now?.show_name && <Badge variant="light">{now.show_name}</Badge>}
      </Group>
      {now?.media ? (
        <Stack gap={4} mt="xs">
          <Text fw={700} size="lg" data-testid="now-title">{itemName(now.media)}</Text>
          {progress ? (
            <>
              <Progress.Root size="lg" aria-hidden={false}>
                <Progress.Section value={progress.percent} aria-label={`Played of ${now.media.title ?? 'the item'}`} />
              </Progress.Root>
              <Text size="sm">
                {clockIn(progress.start, zone)} – {clockIn(progress.end, zone)} · {formatDuration(Math.max(0, (progress.end - at) / 1000))} left of {formatDuration(now.media.duration)}
              </Text>
            </>
          ) : (
            <Text size="sm">{now.media.time_left !== null ? `${formatDuration(now.media.time_left)} left when reported` : 'Its end is not known.'}</Text>
          )}
          {now.show_end && <Text size="sm">The show ends at {clockIn(Date.parse(now.show_end), zone)}.</Text>}
        </Stack>
      ) : (
        <Stack gap={4} mt="xs">
          <Text>{now?.updated ? 'Between items: the player reports nothing airing.' : 'The player has not reported what it airs.'}</Text>
          {plan && <Text size="sm">Planned now: {itemName(plan)} ({clockIn(plan.start, zone)} – {clockIn(plan.end, zone)}, {plan.block})</Text>}
        </Stack>
      )}
    </Paper>
  );
}

function NextCard({ now, planned, zone, at }: { now: NowPlaying | null; planned: Planned[]; zone: string; at: number }) {
  const end = now?.media?.end ? Date.parse(now.media.end) : at;
  const next = plannedAfter(planned, Math.max(end, at));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="on-air-next">
      <Title order={3} size="h4" id="on-air-next">Next</Title>
      {next ? (
        <Stack gap={4} mt="xs">
          <Text fw={700} data-testid="next-title">{itemName(next)}</Text>
          <Text size="sm">at {clockIn(next.start, zone)} · {formatDuration((next.end - next.start) / 1000)} · {next.block}</Text>
        </Stack>
      ) : (
        <Text mt="xs">Nothing planned in the next two hours.</Text>
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
