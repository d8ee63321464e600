import { useTranslation } from 'react-i18next';
import { Select } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api } from '../lib/api';

/**
 * Finds a playlist by name as the user types (the playlists the user may see, as the playlists page
 * lists them). A playlist given by id alone (a saved show's) is named by reading it, never "Playlist 1".
 */
interface Props {
  value: number | null;
  name: string;
  onChange: (id: number | null, name: string) => void;
  error?: string | undefined;
}

export function PlaylistPicker({ value, name, onChange, error }: Props) {
  const { t } = useTranslation();
  const [known, setKnown] = useState(name);
  const [search, setSearch] = useState(name);
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    if (name || !value) return setKnown(name);
    let current = true;
    api.playlists.playlistGet({ id: value }).then(
      (playlist) => {
        if (!current) return;
        setKnown(playlist.name);
        setSearch(playlist.name);
      },
      () => current && setKnown(t('Playlist {{id}} (not readable)', { id: value })),
    );
    return () => {
      current = false;
    };
  }, [value, name]);
  useEffect(() => {
    const timer = setTimeout(() => {
      api.playlists
        .playlistSearch({ q: search, l: 20, sort_by: 'name', sort_dir: 'asc' })
        .then((reply) => setOptions(reply.playlists.map((p) => ({ value: String(p.id), label: p.name }))))
        .catch(() => undefined);
    }, 200);
    return () => clearTimeout(timer);
  }, [search]);
  const chosen = value && known && !options.some((o) => o.value === String(value)) ? [{ value: String(value), label: known }] : [];
  return (
    <Select
      label={t('Playlist')}
      searchable
      required
      data={[...chosen, ...options]}
      value={value && (known || options.some((o) => o.value === String(value))) ? String(value) : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(v, option) => onChange(v ? Number(v) : null, option?.label ?? '')}
      nothingFoundMessage={t('No playlist by that name')}
      error={error}
      filter={({ options: all }) => all}
    />
  );
}
