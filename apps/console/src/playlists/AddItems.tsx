// Adds items to the end of a playlist: a media item found by title, a voicetrack (an audio item
// found by title, aired over the start of the item after it), a dynamic selection, a station ID, a
// breakpoint or a custom item.
import { useTranslation } from 'react-i18next';
import { Button, Group, Select } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api } from '../lib/api';
import type { Media } from '../media/media-types';
import { newKey, voicetrackDefaults, type DraftItem } from './playlist-types';

export function AddItems({ onAdd }: { onAdd: (item: DraftItem) => void }) {
  const { t } = useTranslation();
  const addMedia = (media: Media) =>
    onAdd({ key: newKey(), type: 'media', media_id: media.id, title: media.title, artist: media.artist, media_type: media.type, duration: media.duration ?? 15, crossfade: 0, image_duration: 15 });
  const addVoicetrack = (voice: Media) =>
    onAdd({ key: newKey(), type: 'voicetrack', media_id: voice.id, title: voice.title, artist: voice.artist, media_type: voice.type, duration: voice.duration ?? 0, ...voicetrackDefaults });
  return (
    <Group align="flex-end">
      <MediaFinder label={t('Add a media item')} nothingFound={t('No approved item by that title')} onPick={addMedia} />
      <MediaFinder label={t('Add a voicetrack')} nothingFound={t('No approved audio item by that title')} audioOnly onPick={addVoicetrack} />
      <Button variant="light" onClick={() => onAdd({ key: newKey(), type: 'dynamic', name: '', query: { mode: 'simple', string: '' }, saved_search_id: null, num_items: 5, image_duration: 15, crossfade: 0, estimate: null })}>
        {t('Add a dynamic selection')}
      </Button>
      <Button variant="light" onClick={() => onAdd({ key: newKey(), type: 'station_id' })}>{t('Add a station ID')}</Button>
      <Button variant="light" onClick={() => onAdd({ key: newKey(), type: 'breakpoint' })}>{t('Add a breakpoint')}</Button>
      <Button variant="light" onClick={() => onAdd({ key: newKey(), type: 'custom', name: '' })}>{t('Add a custom item')}</Button>
    </Group>
  );
}

interface FinderProps {
  label: string;
  nothingFound: string;
  /** Only audio items (a voicetrack's voice). */
  audioOnly?: boolean;
  onPick: (media: Media) => void;
}

/** A library item found by the words of its title, as the user types. */
function MediaFinder({ label, nothingFound, audioOnly = false, onPick }: FinderProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Media[]>([]);
  useEffect(() => {
    const timer = setTimeout(() => {
      api.media
        .search({ q: { mode: 'simple', string: search }, l: 20 })
        .then((reply) => setFound(audioOnly ? reply.media.filter((m) => m.type === 'audio') : reply.media))
        .catch(() => undefined);
    }, 200);
    return () => clearTimeout(timer);
  }, [search, audioOnly]);
  const pick = (id: string | null) => {
    const media = found.find((m) => String(m.id) === id);
    if (!media) return;
    onPick(media);
    setSearch('');
  };
  return (
    <Select
      label={label}
      placeholder={t('Search by title')}
      searchable
      w={320}
      data={found.map((m) => ({ value: String(m.id), label: m.artist ? `${m.artist} - ${m.title}` : m.title }))}
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={pick}
      filter={({ options }) => options}
      nothingFoundMessage={nothingFound}
    />
  );
}
