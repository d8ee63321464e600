// The webhooks page's state and what its buttons do: the list, the switch that saves at once, test
// events, replacing a secret and deleting (both after a confirmation).
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useState } from 'react';
import { api, messageOf } from '../lib/api';
import type { Confirmation } from './ConfirmModal';
import type { ShownSecret } from './SecretModal';
import type { WebhookActions } from './WebhookTable';
import { nameOf, type Webhook } from './webhook-types';

export function useWebhooks() {
  const { t } = useTranslation();
  const [webhooks, setWebhooks] = useState<Webhook[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Webhook | null | undefined>(undefined);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [logVersion, setLogVersion] = useState(0);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [asking, setAsking] = useState<Confirmation | null>(null);

  const load = useCallback(() => api.webhooks.list({}).then(setWebhooks, (e) => setError(messageOf(e))), []);
  useEffect(() => void load(), [load]);

  const act = async (call: () => Promise<unknown>, message: string) => {
    setError(null);
    try {
      await call();
      notifications.show({ color: 'green', message });
    } catch (failure) {
      setError(messageOf(failure));
    }
    await load();
  };

  const toggle = (webhook: Webhook, enabled: boolean) => {
    setWebhooks((list) => list?.map((w) => (w.id === webhook.id ? { ...w, enabled } : w)) ?? null);
    void act(() => api.webhooks.update({ id: webhook.id, enabled }), enabled ? t('{{name}} enabled.', { name: nameOf(webhook) }) : t('{{name}} disabled.', { name: nameOf(webhook) }));
  };
  const test = (webhook: Webhook) =>
    void act(async () => {
      await api.webhooks.test({ id: webhook.id });
      setLogVersion((v) => v + 1);
    }, t('Test event sent to {{name}}.', { name: nameOf(webhook) }));
  const rotate = (webhook: Webhook) =>
    setAsking({
      title: t('Replace the secret of {{name}}?', { name: nameOf(webhook) }),
      text: t('A new signing secret is made and shown once. The old one keeps signing deliveries for 24 hours, then stops: the receiver must have the new one by then.'),
      confirm: t('Replace the secret'),
      run: () => act(async () => setSecret({ name: nameOf(webhook), secret: (await api.webhooks.rotateSecret({ id: webhook.id })).secret, replaced: true }), t('Secret replaced.')),
    });
  const remove = (webhook: Webhook) =>
    setAsking({
      title: t('Delete {{name}}?', { name: nameOf(webhook) }),
      text: t('The webhook and its delivery log are deleted; pending deliveries are not sent. {{url}} gets no more events.', { url: webhook.url }),
      confirm: t('Delete the webhook'),
      run: () => act(() => api.webhooks.remove({ id: webhook.id }), `${nameOf(webhook)} deleted.`),
    });
  const actions: WebhookActions = { toggle, test, rotate, remove, edit: setEditing, log: setLogOf };

  const saved = (webhook: Webhook, newSecret: string | null) => {
    setEditing(undefined);
    notifications.show({ color: 'green', message: newSecret ? t('Webhook registered.') : t('Webhook saved.') });
    if (newSecret) setSecret({ name: nameOf(webhook), secret: newSecret, replaced: false });
    void load();
  };

  return { webhooks, load, error, setError, actions, editing, setEditing, saved, logOf, setLogOf, logVersion, secret, setSecret, asking, setAsking };
}
