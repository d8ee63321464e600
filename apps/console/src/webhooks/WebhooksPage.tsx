// Webhooks, for administrators (manage_webhooks): register a URL for chosen event types, its
// signing secret shown once; switch one off and on; edit, delete, send a test event, replace the
// secret; and each one's delivery log. docs/webhooks.md says what the server does with them.
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { ConfirmModal } from './ConfirmModal';
import { DeliveryLog } from './DeliveryLog';
import { SecretModal } from './SecretModal';
import { useWebhooks } from './use-webhooks';
import { WebhookForm } from './WebhookForm';
import { WebhookTable } from './WebhookTable';

export default function WebhooksPage() {
  const { t } = useTranslation();
  const state = useWebhooks();
  const { webhooks, error, setError, editing, setEditing, logOf } = state;
  // The drawer shows the webhook as last read (its name may have changed).
  const logged = logOf && (webhooks?.find((w) => w.id === logOf.id) ?? logOf);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('Webhooks')}</Title>
        <Button onClick={() => setEditing(null)}>{t('Register a webhook')}</Button>
      </Group>
      <Text size="sm">{t('Systems that cannot join the event bus get the events they choose POSTed to their URL, signed (Standard Webhooks) and retried for a day.')}</Text>
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {webhooks?.length === 0 && <Text>{t('No webhooks.')}</Text>}
      {webhooks && webhooks.length > 0 && <WebhookTable webhooks={webhooks} actions={state.actions} />}
      {editing !== undefined && <WebhookForm webhook={editing} onClose={() => setEditing(undefined)} onSaved={state.saved} />}
      {logged && <DeliveryLog webhook={logged} version={state.logVersion} onClose={() => state.setLogOf(null)} onChanged={() => void state.load()} />}
      <SecretModal shown={state.secret} onClose={() => state.setSecret(null)} />
      <ConfirmModal asking={state.asking} onClose={() => state.setAsking(null)} />
    </Stack>
  );
}
