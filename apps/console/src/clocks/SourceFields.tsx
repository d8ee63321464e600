// Where a category's songs come from: a playlist (its media items), search words (as the media
// page's simple search), search filters (the advanced search's builder), or one of the user's
// saved searches. Each kind's fields are kept while another is chosen.
import { useTranslation } from 'react-i18next';
import { Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { describeFilter, FilterBuilder } from '../components/FilterBuilder';
import { api } from '../lib/api';
import type { Filter } from '../media/media-types';
import { PlaylistPicker } from '../schedule/PlaylistPicker';
import type { SourceDraft } from './clock-types';

interface Props {
  source: SourceDraft;
  onChange: (source: SourceDraft) => void;
  errors: Record<string, string>;
}

export function SourceFields({ source, onChange, errors }: Props) {
  const { t } = useTranslation();
  const [playlistName, setPlaylistName] = useState('');
  const saved = useSavedSearches(source.kind === 'saved_search');
  const set = (patch: Partial<SourceDraft>) => onChange({ ...source, ...patch });
  return (
    <Stack gap="xs">
      <Radio.Group label={t('Songs from')} value={source.kind} onChange={(v) => set({ kind: v as SourceDraft['kind'] })}>
        <Stack gap={6} mt={4}>
          <Radio value="playlist" label={t('A playlist (its media items)')} />
          <Radio value="search" label={t('Search words (as the media page’s search)')} />
          <Radio value="advanced" label={t('Search filters')} />
          <Radio value="saved_search" label={t('One of your saved searches')} />
        </Stack>
      </Radio.Group>
      {source.kind === 'playlist' && <PlaylistPicker value={source.playlist_id} name={playlistName} onChange={(id, name) => (setPlaylistName(name), set({ playlist_id: id }))} error={errors['source.playlist_id'] ?? errors.source} />}
      {source.kind === 'search' && <TextInput label={t('Search words')} description={t('Empty: every song in the library.')} value={source.words} onChange={(e) => set({ words: e.currentTarget.value })} error={errors['source.query.string'] ?? errors.source} />}
      {source.kind === 'advanced' && (
        <>
          <Text size="sm">{t('Songs matching every filter:')}</Text>
          <FilterBuilder filters={source.filters} onChange={(filters) => set({ filters })} errors={errors} prefix="source.query.filters" />
        </>
      )}
      {source.kind === 'saved_search' && (
        <Select
          label={t('Saved search')}
          required
          data={source.saved_search_id === null || saved.some((s) => s.value === String(source.saved_search_id)) ? saved : [...saved, { value: String(source.saved_search_id), label: t('saved search {{id}}', { id: source.saved_search_id }) }]}
          value={source.saved_search_id === null ? null : String(source.saved_search_id)}
          onChange={(v) => set({ saved_search_id: v ? Number(v) : null })}
          nothingFoundMessage={t('You have no saved search: save one on the Media page.')}
          error={errors['source.saved_search_id'] ?? errors.source}
        />
      )}
    </Stack>
  );
}

/** The user's saved searches as choices, named or in words; read when first wanted. */
function useSavedSearches(wanted: boolean) {
  const [choices, setChoices] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    if (!wanted) return;
    api.media.searches({}).then(
      (answer) => setChoices(answer.saved.map((s) => ({ value: String(s.id), label: s.description || (Array.isArray(s.filters) ? (s.filters as Filter[]).map(describeFilter).join(', ') : String(s.id)) }))),
      () => undefined,
    );
  }, [wanted]);
  return choices;
}
