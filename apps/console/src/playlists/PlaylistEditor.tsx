// Create or edit a playlist: its name, description, who sees it and its type, and its items
// (added, reordered, removed). The total counts dynamic items by their estimate, and voicetracks
// not at all (a voice airs over the item after it).
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Modal, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { api, fieldErrors, messageOf } from '../lib/api';
import { formatDuration } from '../media/media-types';
import { AddItems } from './AddItems';
import { ItemList } from './ItemList';
import { draftOf, itemSeconds, itemsInput, type Playlist, type PlaylistDraft } from './playlist-types';
import { useReturnFocus } from '../components/use-return-focus';

export function PlaylistEditor({ playlist, onClose, onSaved }: { playlist: Playlist | null; onClose: () => void; onSaved: (saved: Playlist) => void }) {
  const { t } = useTranslation();
  useReturnFocus();
  const [draft, setDraft] = useState<PlaylistDraft>(() => draftOf(playlist));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof PlaylistDraft>(key: K, value: PlaylistDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const total = draft.items.reduce((sum, item) => sum + (item.type === 'voicetrack' ? 0 : (itemSeconds(item) ?? 0)), 0);
  const save = async () => {
    setErrors({});
    setError(null);
    try {
      const body = { name: draft.name, description: draft.description, status: draft.status, type: draft.type, items: itemsInput(draft.items) };
      onSaved(await (draft.id ? api.playlists.playlistSave({ ...body, id: draft.id }) : api.playlists.playlistCreate(body)));
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setError(messageOf(failure));
    }
  };
  return (
    <Modal opened onClose={onClose} size="80rem" title={playlist ? t('Edit playlist {{name}}', { name: playlist.name }) : t('New playlist')}>
      <Stack>
        {error && <Alert color="red" role="alert" title={t('Not saved')}>{error}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={t('Name')} required value={draft.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} />
          <Select label={t('Who sees it')} allowDeselect={false} data={[{ value: 'private', label: t('Private (you and those it names)') }, { value: 'visible', label: t('Visible (everyone sees it)') }, { value: 'public', label: t('Public') }]} value={draft.status} onChange={(v) => v && set('status', v as PlaylistDraft['status'])} />
          <div>
            <Text size="sm" fw={500} id="playlist-type">{t('Type')}</Text>
            <SegmentedControl aria-labelledby="playlist-type" data={[{ value: 'standard', label: t('Standard') }, { value: 'advanced', label: t('Advanced') }, { value: 'live_assist', label: t('Live assist') }]} value={draft.type} onChange={(v) => set('type', v as PlaylistDraft['type'])} />
          </div>
        </SimpleGrid>
        <Textarea label={t('Description')} autosize minRows={1} value={draft.description} onChange={(e) => set('description', e.currentTarget.value)} error={errors.description} />
        <AddItems onAdd={(item) => set('items', [...draft.items, item])} />
        {draft.items.length === 0 ? <Text size="sm">{t('No items yet.')}</Text> : <ItemList items={draft.items} onChange={(items) => set('items', items)} errors={errors} />}
        <Text size="sm" data-testid="playlist-total">
          {t('{{n}} item(s), {{duration}} in all', { n: draft.items.length, duration: formatDuration(total) })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('Cancel')}</Button>
          <Button onClick={() => void save()}>{t('Save playlist')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
