// The clock a show airs (issue 45): every clock by name (a station has a handful).
import { Select } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api';

interface Props {
  value: number | null;
  onChange: (id: number | null, name: string) => void;
  error?: string | undefined;
}

export function ClockPicker({ value, onChange, error }: Props) {
  const { t } = useTranslation();
  const [clocks, setClocks] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    let live = true;
    api.scheduling.clockSearch({}).then(
      (list) => live && setClocks(list.map((c) => ({ value: String(c.id), label: c.name }))),
      () => live && setClocks([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <Select
      label={t('Clock')}
      required
      searchable
      data={clocks}
      value={value === null ? null : String(value)}
      onChange={(v, option) => onChange(v ? Number(v) : null, option?.label ?? '')}
      nothingFoundMessage={t('No clock by that name')}
      error={error}
    />
  );
}
