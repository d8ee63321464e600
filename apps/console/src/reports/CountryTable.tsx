// The period's listening by country, when the server answers it: each country named in the page's
// language ("Unknown" where the listener's address placed none), most listeners first as answered.
import { useTranslation } from 'react-i18next';
import { ListeningTable } from './ListeningTable';
import { countryName, type CountryRow } from './report-types';

export function CountryTable({ rows }: { rows: CountryRow[] }) {
  const { t } = useTranslation();
  return <ListeningTable label={t('Listeners by country')} heading={t('Country')} rows={rows} keyOf={(row) => row.country ?? ''} nameOf={(row) => countryName(row.country) ?? t('Unknown')} />;
}
