// The as-run rows of a page: when each began in the player's zone, what aired, its artist, how
// long it aired, its source and show, and when it ended (unknown for OB Player's, which sends no end).
import { useTranslation } from 'react-i18next';
import { Table } from '@mantine/core';
import { formatDuration } from '../media/media-types';
import { endOf, lengthOf, sourceWords, startOf, type Aired } from './as-run-types';

export function AsRunTable({ entries, withDate }: { entries: Aired[]; withDate: boolean }) {
  const { t } = useTranslation();
  return (
    // Its rows hold nothing to focus: the box itself takes the keyboard, to scroll sideways on a phone.
    <Table.ScrollContainer minWidth={860} type="native" tabIndex={0}>
      <Table aria-label={t('As-run log')} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Began')}</Table.Th>
            <Table.Th>{t('What aired')}</Table.Th>
            <Table.Th>{t('Artist')}</Table.Th>
            <Table.Th>{t('Length')}</Table.Th>
            <Table.Th>{t('Source')}</Table.Th>
            <Table.Th>{t('Show')}</Table.Th>
            <Table.Th>{t('Ended')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => {
            const length = lengthOf(entry);
            const ended = endOf(entry, withDate);
            return (
              <Table.Tr key={entry.id}>
                <Table.Td ff="monospace">{startOf(entry, withDate)}</Table.Td>
                <Table.Td>{entry.title}</Table.Td>
                <Table.Td>{entry.artist}</Table.Td>
                <Table.Td>{length === null ? '' : formatDuration(length)}</Table.Td>
                <Table.Td>{entry.notes ? `${t(sourceWords[entry.context])} · ${entry.notes}` : t(sourceWords[entry.context])}</Table.Td>
                <Table.Td>{entry.show_name ?? ''}</Table.Td>
                {ended === null ? <Table.Td>{t('not logged')}</Table.Td> : <Table.Td ff="monospace">{ended}</Table.Td>}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
