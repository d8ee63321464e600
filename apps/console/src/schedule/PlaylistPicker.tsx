import { useTranslation } from 'react-i18next';
import { Select } from '@mantine/core';
import { api } from '../lib/api';
import { usePicked } from './use-picked';

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
  const picked = usePicked(value, name, {
    nameOf: (id) => api.playlists.playlistGet({ id }).then((playlist) => playlist.name),
    unreadable: (id) => t('Playlist {{id}} (not readable)', { id }),
    find: (words) => api.playlists.playlistSearch({ q: words, l: 20, sort_by: 'name', sort_dir: 'asc' }).then((reply) => reply.playlists.map((p) => ({ value: String(p.id), label: p.name }))),
  });
  return (
    <Select
      label={t('Playlist')}
      searchable
      required
      data={picked.data}
      value={picked.selected}
      searchValue={picked.search}
      onSearchChange={picked.setSearch}
      onChange={(v, option) => onChange(v ? Number(v) : null, option?.label ?? '')}
      nothingFoundMessage={t('No playlist by that name')}
      error={error}
      filter={({ options: all }) => all}
    />
  );
}
