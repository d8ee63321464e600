// Register a webhook or change one: URL, description, the event types (from the catalog, or typed
// patterns such as media.item.*) and whether it is enabled. The server's refusals appear under
// the field they concern.
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Modal, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { api, messageOf } from '../lib/api';
import { eventTypeChoices, matchedCount, nameOf, webhookFieldErrors, type Webhook } from './webhook-types';

interface Props {
  /** The webhook to change; null registers a new one. */
  webhook: Webhook | null;
  onClose: () => void;
  /** After a save; `secret` only for a new webhook (shown once). */
  onSaved: (saved: Webhook, secret: string | null) => void;
}

export function WebhookForm({ webhook, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(webhook?.url ?? 'https://');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [eventTypes, setEventTypes] = useState<string[]>(webhook?.event_types ?? []);
  const [enabled, setEnabled] = useState(webhook?.enabled ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const choices = useMemo(eventTypeChoices, []);

  const save = async () => {
    setErrors({});
    setError(null);
    setSaving(true);
    const fields = { url: url.trim(), description, event_types: eventTypes, enabled };
    try {
      if (webhook) onSaved(await api.webhooks.update({ id: webhook.id, ...fields }), null);
      else {
        const { secret, ...created } = await api.webhooks.create(fields);
        onSaved(created, secret);
      }
    } catch (failure) {
      setErrors(webhookFieldErrors(failure, eventTypes));
      setError(messageOf(failure));
    } finally {
      setSaving(false);
    }
  };

  const matched = matchedCount(eventTypes);
  return (
    <Modal opened onClose={onClose} size="lg" title={webhook ? t('Edit {{name}}', { name: nameOf(webhook) }) : t('Register a webhook')}>
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label={t('URL')} description={t('Where deliveries are POSTed (https://)')} required value={url} onChange={(e) => setUrl(e.currentTarget.value)} error={errors.url} />
        <TextInput label={t('Description')} description={t('What receives them')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} error={errors.description} />
        <TagsInput
          label={t('Event types')}
          description={t('Types or patterns (* one segment, > the rest); these match {{count}} event types', { count: matched })}
          required
          data={choices}
          value={eventTypes}
          onChange={setEventTypes}
          error={errors.event_types}
          maxDropdownHeight={260}
          clearable
        />
        <Switch label={t('Enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button loading={saving} onClick={() => void save()}>
            {webhook ? t('Save webhook') : t('Register webhook')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
