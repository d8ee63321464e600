import { useTranslation } from 'react-i18next';
import { Select } from '@mantine/core';

const zones = Intl.supportedValuesOf('timeZone');

/**
 * An IANA time zone, required: choosing the zone already chosen keeps it (no deselect), so the
 * field is never silently emptied; an empty field is the form's to refuse, never a fallback to UTC.
 */
export function TimeZoneSelect({ value, onChange, error }: { value: string | null; onChange: (zone: string | null) => void; error?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('Time zone')}
      searchable
      required
      allowDeselect={false}
      data={zones.includes(value ?? '') || !value ? zones : [value, ...zones]}
      value={value}
      onChange={(zone) => {
        if (zone) onChange(zone);
      }}
      nothingFoundMessage={t('No time zone by that name')}
      error={error}
    />
  );
}

/** The browser's own zone, the default offered for a new player. */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
