// The period's listening by country, when the server answers it: each country named in the page's
// language ("Unknown" where the listener's address placed none), most listeners first as answered.
import { useTranslation } from 'react-i18next';
import { Table } from '@mantine/core';
import { countText, countryName, hoursText, type CountryRow } from './report-types';

export function CountryTable({ rows }: { rows: CountryRow[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={420} type="native" tabIndex={0}>
      <Table aria-label={t('Listeners by country')} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Country')}</Table.Th>
            <Table.Th ta="right">{t('Unique listeners')}</Table.Th>
            <Table.Th ta="right">{t('Sessions')}</Table.Th>
            <Table.Th ta="right">{t('Tuning hours')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.country ?? ''}>
              <Table.Td>{countryName(row.country) ?? t('Unknown')}</Table.Td>
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
