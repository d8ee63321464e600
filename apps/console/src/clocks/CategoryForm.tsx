// Create or edit a music category: its name, description and where its songs come from. A save
// answers how many songs it finds now (shown here, the form staying open: a search finding none is
// mended at once).
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useReturnFocus } from '../components/use-return-focus';
import { api, fieldErrors, messageOf } from '../lib/api';
import { categoryDraftOf, sourceInput, type Category, type CategoryDraft } from './clock-types';
import { SourceFields } from './SourceFields';

export function CategoryForm({ category, onClose, onSaved }: { category: Category | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  useReturnFocus();
  const [draft, setDraft] = useState<CategoryDraft>(() => categoryDraftOf(category));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [songs, setSongs] = useState<number | null>(null);
  const set = <K extends keyof CategoryDraft>(key: K, value: CategoryDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setSongs(null);
  };
  const save = async () => {
    setErrors({});
    setError(null);
    const { kind, playlist_id, saved_search_id } = draft.source;
    if (kind === 'playlist' && playlist_id === null) return setErrors({ 'source.playlist_id': t('Choose a playlist.') });
    if (kind === 'saved_search' && saved_search_id === null) return setErrors({ 'source.saved_search_id': t('Choose a saved search.') });
    try {
      const answer = await api.scheduling.clockCategorySave({ id: draft.id, name: draft.name, description: draft.description, source: sourceInput(draft.source) });
      setDraft((d) => ({ ...d, id: answer.id }));
      setSongs(answer.songs);
      onSaved();
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setError(messageOf(failure));
    }
  };
  return (
    <Modal opened onClose={onClose} size="xl" title={category ? t('Edit category {{name}}', { name: category.name }) : t('New category')}>
      <Stack>
        {error && <Alert color="red" role="alert" title={t('Not saved')}>{error}</Alert>}
        <TextInput label={t('Name')} required value={draft.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} />
        <Textarea label={t('Description')} autosize minRows={1} value={draft.description} onChange={(e) => set('description', e.currentTarget.value)} error={errors.description} />
        <SourceFields source={draft.source} onChange={(source) => set('source', source)} errors={errors} />
        {songs !== null && (
          <Alert role="status" color={songs ? 'green' : 'orange'} title={t('Saved.')}>
            {songs ? t('It finds {{n}} song(s) that may air now.', { n: songs }) : t('It finds no song that may air now: a clock drawing on it will say so.')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{songs !== null ? t('Done') : t('Cancel')}</Button>
          <Button onClick={() => void save()}>{t('Save category')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
