// Edit one item or many at once. The server saves all or none: when it refuses, each item's
// errors (per field, or about the whole item) appear on that item, and nothing is lost.
import { msg } from '../i18n';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Modal, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { api, ApiError, fieldErrors, messageOf } from '../lib/api';
import { useSession } from '../session/session-context';
import { ItemFields, type Draft } from './ItemFields';
import { SoundPanel } from './SoundPanel';
import type { Media } from './media-types';
import { useReturnFocus } from '../components/use-return-focus';

const toDraft = ({ id, version, title, artist, album, isrc, label, year, genre, category, country, language, comments, status, is_approved, dynamic_select, is_copyright_owner, permitted_users, permitted_groups }: Media): Draft => ({
  id, version, title, artist, album, isrc, label, year, genre, category, country, language, comments, status, is_approved, dynamic_select, is_copyright_owner, permitted_users, permitted_groups,
});

const bulkFields = ['genre', 'category', 'album', 'artist', 'country', 'language'] as const;
const bulkLabels = { genre: msg('Genre'), category: msg('Category'), album: msg('Album'), artist: msg('Artist'), country: msg('Country'), language: msg('Language') };

/** Errors of item `index`: `{ year: "…" }` from `media.<index>.year`, and whole-item problems. */
function errorsOf(all: Record<string, string>, index: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(all)) {
    const match = /^media\.(\d+)(?:\.(\w+))?/.exec(path);
    if (match && Number(match[1]) === index) out[match[2] ?? '_item'] = message;
  }
  return out;
}

export function EditItemsModal({ items, onClose, onSaved }: { items: Media[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  useReturnFocus();
  const session = useSession();
  const [drafts, setDrafts] = useState(() => items.map(toDraft));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [bulk, setBulk] = useState<{ field: (typeof bulkFields)[number]; value: string }>({ field: 'genre', value: '' });
  const advanced = session.can('media_advanced_permissions');

  const save = async () => {
    setErrors({});
    setError(null);
    try {
      await api.media.save({ media: drafts.map(({ permitted_users, permitted_groups, ...d }) => (advanced ? { ...d, permitted_users, permitted_groups } : d)) });
      notifications.show({ color: 'green', message: drafts.length === 1 ? t('Item saved.') : t('{{n}} items saved.', { n: drafts.length }) });
      onSaved();
    } catch (failure) {
      const found = fieldErrors(failure);
      const problems = failure instanceof ApiError ? ((failure.details as { items?: { index: number; message: string }[] })?.items ?? []) : [];
      for (const p of problems) found[`media.${p.index}`] ??= p.message;
      setErrors(found);
      setError(t('Nothing was saved. {{reason}}', { reason: messageOf(failure, { oneItem: drafts.length === 1 }) }));
      // The first item with a problem, brought into view.
      requestAnimationFrame(() => document.querySelector('[data-invalid]')?.scrollIntoView({ block: 'center' }));
    }
  };

  return (
    <Modal opened onClose={onClose} size="xl" title={items.length === 1 ? t('Edit {{title}}', { title: items[0]!.title }) : t('Edit {{n}} items', { n: items.length })}>
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {items.length > 1 && (
          <Group align="flex-end">
            <Select label={t('Set for every item')} data={bulkFields.map((f) => ({ value: f, label: t(bulkLabels[f]) }))} value={bulk.field} onChange={(v) => v && setBulk({ ...bulk, field: v as typeof bulk.field })} allowDeselect={false} w={140} />
            <TextInput label={t('Value')} value={bulk.value} onChange={(e) => setBulk({ ...bulk, value: e.currentTarget.value })} />
            <Button variant="light" onClick={() => setDrafts(drafts.map((d) => ({ ...d, [bulk.field]: bulk.value })))}>
              {t('Apply to all')}
            </Button>
          </Group>
        )}
        {drafts.map((draft, index) => {
          const mine = errorsOf(errors, index);
          return (
            <Paper key={draft.id} withBorder p="sm" role="group" aria-label={t('Item {{number}}: {{title}}', { number: index + 1, title: items[index]!.title })} data-invalid={Object.keys(mine).length > 0 || undefined}>
              {items.length > 1 && <Title order={3} size="h5" mb="xs">{items[index]!.title}</Title>}
              {mine._item && (
                <Text c="red" size="sm" role="alert">
                  {mine._item}
                </Text>
              )}
              <ItemFields draft={draft} onChange={(next) => setDrafts(drafts.map((d, i) => (i === index ? next : d)))} errors={mine} advanced={advanced} approve={session.can('manage_media')} />
              {items.length === 1 && items[0]!.type === 'audio' && <SoundPanel mediaId={draft.id} canEdit={items[0]!.can_edit} />}
            </Paper>
          );
        })}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button onClick={() => void save()}>{t('Save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
