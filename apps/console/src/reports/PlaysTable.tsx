// The period's plays with who heard each, 50 a page, oldest first: when it began in the player's
// zone, what aired, the listeners at its start, the most at once, the time listened summed over the
// listeners (listener-hours, as h:mm:ss) and its actual total performances (ATP).
import { useTranslation } from 'react-i18next';
import { Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatDuration } from '../media/media-types';
import { countText, playStart, type Play } from './report-types';

export const PLAYS_PAGE = 50;

export function PlaysTable({ plays, zone }: { plays: Play[]; zone: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const pages = Math.ceil(plays.length / PLAYS_PAGE);
  const shown = Math.min(page, pages);
  const first = (shown - 1) * PLAYS_PAGE;
  const rows = plays.slice(first, first + PLAYS_PAGE);
  return (
    <Stack gap="xs">
      <Text size="sm">{t('{{from}}–{{to}} of {{total}} plays, oldest first.', { from: countText(first + 1), to: countText(first + rows.length), total: countText(plays.length) })}</Text>
      {/* Its rows hold nothing to focus: the box itself takes the keyboard, to scroll sideways on a phone. */}
      <Table.ScrollContainer minWidth={860} type="native" tabIndex={0}>
        <Table aria-label={t('Plays and their listeners')} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Began')}</Table.Th>
              <Table.Th>{t('Artist')}</Table.Th>
              <Table.Th>{t('Title')}</Table.Th>
              <Table.Th ta="right">{t('Listeners at start')}</Table.Th>
              <Table.Th ta="right">{t('Peak listeners')}</Table.Th>
              <Table.Th ta="right">{t('Listener-hours (h:mm:ss)')}</Table.Th>
              <Table.Th ta="right"><abbr title={t('Actual total performances: the listeners who heard any of it')}>{t('ATP')}</abbr></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((play) => (
              <Table.Tr key={`${play.start}-${play.media_id}`}>
                <Table.Td ff="monospace">{playStart(play, zone)}</Table.Td>
                <Table.Td>{play.artist}</Table.Td>
                <Table.Td>{play.title}</Table.Td>
                <Table.Td ta="right">{countText(play.listeners_at_start)}</Table.Td>
                <Table.Td ta="right">{countText(play.peak_listeners)}</Table.Td>
                <Table.Td ta="right" ff="monospace">{formatDuration(play.listener_seconds)}</Table.Td>
                <Table.Td ta="right">{countText(play.atp)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && <Pagination total={pages} value={shown} onChange={setPage} aria-label={t('Pages of the plays')} />}
    </Stack>
  );
}
