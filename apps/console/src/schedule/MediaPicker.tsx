import { Select } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api } from '../lib/api';

/** Finds an approved media item by title as the user types. */
export function MediaPicker({ value, title, onChange, error }: { value: number | null; title: string; onChange: (id: number | null, title: string) => void; error?: string | undefined }) {
  const [search, setSearch] = useState(title);
  const [options, setOptions] = useState<{ value: string; label: string }[]>(value ? [{ value: String(value), label: title || `Media ${value}` }] : []);
  useEffect(() => {
    const timer = setTimeout(() => {
      api.media
        .search({ q: { mode: 'simple', string: search }, l: 20 })
        .then((reply) => {
          const found = reply.media.map((m) => ({ value: String(m.id), label: m.title }));
          setOptions(value && !found.some((o) => o.value === String(value)) ? [{ value: String(value), label: title || `Media ${value}` }, ...found] : found);
        })
        .catch(() => undefined);
    }, 200);
    return () => clearTimeout(timer);
  }, [search, value, title]);
  return (
    <Select
      label="Media item"
      searchable
      required
      data={options}
      value={value ? String(value) : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(v, option) => onChange(v ? Number(v) : null, option?.label ?? '')}
      nothingFoundMessage="No approved item by that title"
      error={error}
      filter={({ options: all }) => all}
    />
  );
}
