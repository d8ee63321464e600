// One block of the rundown: when it airs (in the player's zone), what it is, and its items with
// their offsets from the block's start and their clock times.
import { msg } from '../i18n';
import { useTranslation } from 'react-i18next';
import { Alert, Paper, Table, Text, Title } from '@mantine/core';
import { formatDuration } from '../media/media-types';
import type { Aired } from '../on-air/on-air-types';
import { AiredCell, UnplannedList } from './aired-view';
import { ClockWarnings } from './ClockWarnings';
import { RotationCell, type ClockContext } from './RotationCell';
import { clock, clockAfter, fillProblem, offsetText, type Block } from './rundown-types';

const kinds = { show: msg('show'), linein: msg('live (line-in)'), default_playlist: msg('default playlist'), clock: msg('clock') } as const;

interface Props {
  block: Block;
  zone: string;
  day: string;
  limit?: number;
  /** The day's as-run log, shown beside the plan (null: not readable, the plan alone). */
  aired?: Aired[] | null;
  /** For a clock block: why each song, and replacing one. */
  clocks?: ClockContext | undefined;
}

export function BlockView({ block, zone, day, limit = 200, aired = null, clocks }: Props) {
  const { t } = useTranslation();
  const now = Date.now();
  const why = block.kind === 'clock' && clocks ? clocks : null;
  const heading = `${clock(block.start, zone, day)} – ${clock(block.end, zone, day)} ${block.name}`;
  return (
    <Paper withBorder p="sm" component="section" aria-label={heading}>
      <Title order={3} size="h5">
        {clock(block.start, zone, day)} – {clock(block.end, zone, day)} · {block.name} <Text span size="sm" c="dimmed">({t(kinds[block.kind])})</Text>
      </Title>
      {block.description && <Text size="sm">{block.description}</Text>}
      <ClockWarnings block={block} />
      {block.items.length === 0 ? (
        <Text size="sm">{block.kind === 'linein' ? t('Nothing to air: the line-in input.') : t('Nothing to air.')}</Text>
      ) : (
        <Table aria-label={t('Items of {{block}}', { block: heading })} verticalSpacing={2} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('At')}</Table.Th>
              <Table.Th>{t('Offset')}</Table.Th>
              <Table.Th>{t('Type')}</Table.Th>
              <Table.Th>{t('Item')}</Table.Th>
              <Table.Th>{t('Length')}</Table.Th>
              <Table.Th>{t('Crossfade')}</Table.Th>
              {aired && <Table.Th>{t('Aired')}</Table.Th>}
              {why && <Table.Th>{t('Why this song')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {block.items.slice(0, limit).map((item) => (
              <Table.Tr key={item.order}>
                <Table.Td>{clockAfter(block.start, item.offset, zone)}</Table.Td>
                <Table.Td>{offsetText(item.offset)}</Table.Td>
                <Table.Td>{item.type}</Table.Td>
                <Table.Td>
                  {item.artist ? `${item.artist} - ${item.title}` : item.title}
                  {item.voiceover && <Text size="xs" c="dimmed">{t('with a voicetrack over it: {{voice}}', { voice: item.voiceover.title })}</Text>}
                </Table.Td>
                <Table.Td>{formatDuration(item.duration)}</Table.Td>
                <Table.Td>{item.crossfade ? `${item.crossfade} s` : ''}</Table.Td>
                {aired && <Table.Td><AiredCell item={item} block={block} aired={aired} zone={zone} now={now} /></Table.Td>}
                {why && <Table.Td><RotationCell item={item} block={block} zone={zone} context={why} /></Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {block.items.length > limit && <Text size="sm">{t('and {{n}} more', { n: block.items.length - limit })}</Text>}
      <FillNotice block={block} zone={zone} day={day} />
      {aired && <UnplannedList block={block} aired={aired} zone={zone} />}
    </Paper>
  );
}

/** Dead air at the block's end, or items its end cuts (issue 43, N3): a note, not an alert (it is
 * part of the plan, read in its place, not news to announce). */
function FillNotice({ block, zone, day }: { block: Block; zone: string; day: string }) {
  const { t } = useTranslation();
  const problem = fillProblem(block);
  if (!problem) return null;
  return problem.kind === 'dead_air' ? (
    <Alert role="note" color="red" variant="light" mt="xs" p="xs" title={t('Dead air')}>
      {t('Nothing airs from {{from}} to {{end}} ({{length}}).', { from: clockAfter(block.start, problem.from, zone), end: clock(block.end, zone, day), length: formatDuration(problem.seconds) })}
    </Alert>
  ) : (
    <Alert role="note" color="orange" variant="light" mt="xs" p="xs" title={t('Overrun')}>
      {t('The items run {{length}} past the end: the last is cut at {{end}}.', { length: formatDuration(problem.seconds), end: clock(block.end, zone, day) })}
    </Alert>
  );
}
