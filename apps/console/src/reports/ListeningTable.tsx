// A table of listening figures, a row for each hour or country: its name, then its unique
// listeners, sessions and tuning hours (the summary's figures, as every such row has them).
import { useTranslation } from 'react-i18next';
import { Table } from '@mantine/core';
import { countText, hoursText } from './report-types';

interface Listening {
  unique_listeners: number;
  sessions: number;
  tuning_hours: number;
}

export function ListeningTable<T extends Listening>({ label, heading, rows, keyOf, nameOf }: { label: string; heading: string; rows: T[]; keyOf: (row: T) => string; nameOf: (row: T) => string }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={420} type="native" tabIndex={0}>
      <Table aria-label={label} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{heading}</Table.Th>
            <Table.Th ta="right">{t('Unique listeners')}</Table.Th>
            <Table.Th ta="right">{t('Sessions')}</Table.Th>
            <Table.Th ta="right">{t('Tuning hours')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={keyOf(row)}>
              <Table.Td>{nameOf(row)}</Table.Td>
              <Table.Td ta="right">{countText(row.unique_listeners)}</Table.Td>
              <Table.Td ta="right">{countText(row.sessions)}</Table.Td>
              <Table.Td ta="right">{hoursText(row.tuning_hours)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
