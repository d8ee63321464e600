// Adds items to the end of a playlist: a media item found by title, a dynamic selection, a station
// ID or a breakpoint.
import { useTranslation } from 'react-i18next';
import { Button, Group, Select } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api } from '../lib/api';
import type { Media } from '../media/media-types';
import { newKey, type DraftItem } from './playlist-types';

export function AddItems({ onAdd }: { onAdd: (item: DraftItem) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Media[]>([]);
  useEffect(() => {
    const timer = setTimeout(() => {
      api.media
        .search({ q: { mode: 'simple', string: search }, l: 20 })
        .then((reply) => setFound(reply.media))
        .catch(() => undefined);
    }, 200);
    return () => clearTimeout(timer);
  }, [search]);
  const addMedia = (id: string | null) => {
    const media = found.find((m) => String(m.id) === id);
    if (!media) return;
    onAdd({ key: newKey(), type: 'media', media_id: media.id, title: media.title, artist: media.artist, media_type: media.type, duration: media.duration ?? 15, crossfade: 0, image_duration: 15 });
    setSearch('');
  };
  return (
    <Group align="flex-end">
      <Select
        label={t('Add a media item')}
        placeholder={t('Search by title')}
        searchable
        w={320}
        data={found.map((m) => ({ value: String(m.id), label: m.artist ? `${m.artist} - ${m.title}` : m.title }))}
        value={null}
        searchValue={search}
        onSearchChange={setSearch}
        onChange={addMedia}
        filter={({ options }) => options}
        nothingFoundMessage={t('No approved item by that title')}
      />
      <Button variant="light" onClick={() => onAdd({ key: newKey(), type: 'dynamic', name: '', query: { mode: 'simple', string: '' }, saved_search_id: null, num_items: 5, image_duration: 15, crossfade: 0, estimate: null })}>
        {t('Add a dynamic selection')}
      </Button>
      <Button variant="light" onClick={() => onAdd({ key: newKey(), type: 'station_id' })}>{t('Add a station ID')}</Button>
      <Button variant="light" onClick={() => onAdd({ key: newKey(), type: 'breakpoint' })}>{t('Add a breakpoint')}</Button>
    </Group>
  );
}
