// Whom an item is shared with, chosen by name (issue 43, N10): the users or groups the directory
// finds as one types (`GET /users/directory`), the chosen ones named by their ids. An id the
// directory does not name (a deleted user) stays, shown as its number.
import { useTranslation } from 'react-i18next';
import { MultiSelect } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api } from '../lib/api';

type Entry = { id: number; name: string };
type Kind = 'users' | 'groups';

interface Props {
  kind: Kind;
  label: string;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string | undefined;
}

/** The directory's entries of one kind: found by words, or named by ids. */
function lookUp(kind: Kind, query: { q: string } | { ids: number[] }): Promise<Entry[]> {
  const input = 'q' in query ? (query.q ? { q: query.q } : {}) : kind === 'users' ? { user_ids: query.ids } : { group_ids: query.ids };
  return api.usersMore.directory(input).then((found) => found[kind]);
}

export function SharePicker({ kind, label, value, onChange, error }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Entry[]>([]);
  const [named, setNamed] = useState<Entry[]>([]);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => void lookUp(kind, { q: search }).then((entries) => current && setFound(entries), () => undefined), 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [kind, search]);
  // The chosen ids without a name yet, as one text: asked again only when it changes.
  const unnamed = value.filter((id) => !named.some((e) => e.id === id) && !found.some((e) => e.id === id)).join(',');
  useEffect(() => {
    if (!unnamed) return;
    let current = true;
    void lookUp(kind, { ids: unnamed.split(',').map(Number) }).then((entries) => current && setNamed((old) => [...old, ...entries]), () => undefined);
    return () => {
      current = false;
    };
  }, [kind, unnamed]);
  const options = new Map<number, string>();
  for (const entry of [...named, ...found]) options.set(entry.id, entry.name);
  for (const id of value) if (!options.has(id)) options.set(id, t('#{{id}}', { id }));
  const data = [...options].map(([id, name]) => ({ value: String(id), label: name }));
  return (
    <MultiSelect
      label={label}
      placeholder={value.length ? undefined : t('Type a name')}
      searchable
      clearable
      data={data}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={t('No one by that name')}
      error={error}
    />
  );
}
