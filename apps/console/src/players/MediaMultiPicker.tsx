import { useTranslation } from 'react-i18next';
import { MultiSelect } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api } from '../lib/api';

/** Several approved media items, found by title as the user types (a player's station IDs). */
export function MediaMultiPicker({ label, value, onChange }: { label: string; value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [found, setFound] = useState<string[]>([]);
  // The titles of items already chosen (a saved player answers only their ids).
  useEffect(() => {
    const missing = value.filter((id) => !(String(id) in labels));
    if (missing.length === 0) return;
    void Promise.all(missing.map((id) => api.media.get({ id }).then((m) => [String(id), m.title] as const, () => [String(id), t('Media {{id}}', { id })] as const))).then((pairs) =>
      setLabels((old) => ({ ...old, ...Object.fromEntries(pairs) })),
    );
  }, [value, labels]);
  useEffect(() => {
    const timer = setTimeout(() => {
      api.media
        .search({ q: { mode: 'simple', string: search }, l: 20 })
        .then((reply) => {
          setLabels((old) => ({ ...old, ...Object.fromEntries(reply.media.map((m) => [String(m.id), m.title])) }));
          setFound(reply.media.map((m) => String(m.id)));
        })
        .catch(() => undefined);
    }, 200);
    return () => clearTimeout(timer);
  }, [search]);
  const ids = [...new Set([...value.map(String), ...found])];
  return (
    <MultiSelect
      label={label}
      searchable
      data={ids.map((id) => ({ value: id, label: labels[id] ?? t('Media {{id}}', { id }) }))}
      value={value.map(String)}
      onChange={(next) => onChange(next.map(Number))}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={t('No approved item by that title')}
    />
  );
}
