// Create or edit an alert of a player: the item it airs, how often, for an image how long, and
// from when until when (in the player's zone). The server's refusals appear under their fields.
import { useTranslation } from 'react-i18next';
import { Alert as Notice, Button, Group, Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { api, fieldErrors, messageOf } from '../lib/api';
import type { Player } from '../players/player-types';
import { MediaPicker } from '../schedule/MediaPicker';
import { zoneName } from '../schedule/recurrence';
import { draftOf, type Alert, type AlertDraft } from './alert-types';
import { useReturnFocus } from '../components/use-return-focus';

export function AlertForm({ alert, player, onClose, onSaved }: { alert: Alert | null; player: Player; onClose: () => void; onSaved: (saved: Alert) => void }) {
  const { t } = useTranslation();
  useReturnFocus();
  const [draft, setDraft] = useState<AlertDraft>(() => draftOf(alert, player.timezone));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof AlertDraft>(key: K, value: AlertDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const zone = t('{{zone}} time', { zone: zoneName(player.timezone) });
  const save = async () => {
    setErrors({});
    setError(null);
    if (!draft.itemId) return setErrors({ item_id: t('Choose the media item the alert airs') });
    // Local times: the server reads them in the player's zone.
    const body = { name: draft.name, player_id: player.id, item_id: draft.itemId, frequency: draft.frequency, duration: draft.duration, start: draft.start.replace('T', ' '), stop: draft.stop.replace('T', ' ') };
    try {
      onSaved(await (draft.id ? api.scheduling.alertSave({ ...body, id: draft.id }) : api.scheduling.alertCreate(body)));
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setError(messageOf(failure));
    }
  };
  return (
    <Modal opened onClose={onClose} size="lg" title={alert ? t('Edit alert {{name}} on {{player}}', { name: alert.name, player: player.name }) : t('New alert on {{player}}', { player: player.name })}>
      <Stack>
        {error && <Notice color="red" role="alert" title={t('Not saved')}>{error}</Notice>}
        <TextInput label={t('Name')} required value={draft.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} />
        <MediaPicker value={draft.itemId} title={draft.itemTitle} onChange={(id, title) => setDraft((d) => ({ ...d, itemId: id, itemTitle: title }))} error={errors.item_id} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label={t('Every (minutes)')} description={t('From the end of one play to the start of the next')} required min={1} value={draft.frequency / 60} onChange={(v) => set('frequency', Math.round((Number(v) || 0) * 60))} error={errors.frequency} />
          <NumberInput label={t('Shown for (seconds, images only)')} description={t('Items with their own length air whole')} min={1} value={draft.duration ?? ''} onChange={(v) => set('duration', v === '' ? null : Number(v))} error={errors.duration} />
          <TextInput type="datetime-local" label={t('Start ({{zone}})', { zone })} required value={draft.start} onChange={(e) => set('start', e.currentTarget.value)} error={errors.start} />
          <TextInput type="datetime-local" label={t('Stop ({{zone}})', { zone })} required value={draft.stop} onChange={(e) => set('stop', e.currentTarget.value)} error={errors.stop} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('Cancel')}</Button>
          <Button onClick={() => void save()}>{t('Save alert')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
