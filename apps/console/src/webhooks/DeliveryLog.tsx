// A webhook's delivery log in a drawer: newest first, filtered by status, a page at a time, with
// a refresh, a test event, and "Send again" (a pending delivery is refused with the server's
// message).
import { msg } from '../i18n';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Drawer, Group, Pagination, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useState } from 'react';
import { api, messageOf } from '../lib/api';
import { DeliveryTable } from './DeliveryTable';
import { nameOf, type DeliveryStatus, type Webhook, type WebhookDelivery } from './webhook-types';

const LIMIT = 25;
const filters = [
  { value: 'all', label: msg('All') },
  { value: 'pending', label: msg('Pending') },
  { value: 'delivered', label: msg('Delivered') },
  { value: 'failed', label: msg('Failed') },
];

interface Props {
  webhook: Webhook;
  /** Changes when the log should be read again (a test event sent from the list). */
  version: number;
  onClose: () => void;
  /** After a test or a retry: the list's counts changed. */
  onChanged: () => void;
}

function useDeliveries(webhook: Webhook, version: number) {
  const [status, setStatus] = useState('all');
  const [page, setPage] = useState(1);
  const [log, setLog] = useState<{ total: number; deliveries: WebhookDelivery[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      const filter = status === 'all' ? {} : { status: status as DeliveryStatus };
      setLog(await api.webhooks.deliveries({ id: webhook.id, ...filter, limit: LIMIT, offset: (page - 1) * LIMIT }));
    } catch (failure) {
      setError(messageOf(failure));
    }
  }, [webhook.id, status, page]);
  useEffect(() => void load(), [load, version]);
  const filter = (value: string | null) => {
    setStatus(value ?? 'all');
    setPage(1);
  };
  return { status, filter, page, setPage, log, error, setError, load };
}

export function DeliveryLog({ webhook, version, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const { status, filter, page, setPage, log, error, setError, load } = useDeliveries(webhook, version);
  const act = async (call: () => Promise<unknown>, message: string) => {
    setError(null);
    try {
      await call();
      notifications.show({ color: 'green', message });
      onChanged();
    } catch (failure) {
      setError(messageOf(failure));
    }
    await load();
  };
  const retry = (delivery: WebhookDelivery) => void act(() => api.webhooks.redeliver({ id: webhook.id, delivery_id: delivery.id }), t('{{type}} sent again.', { type: delivery.event_type }));

  return (
    <Drawer opened onClose={onClose} position="right" size="85%" title={t('Deliveries of {{name}}', { name: nameOf(webhook) })}>
      <Stack>
        <Group justify="space-between" align="flex-end">
          <Select label={t('Status')} data={filters.map((f) => ({ value: f.value, label: t(f.label) }))} value={status} onChange={filter} allowDeselect={false} w={180} />
          <Group gap="xs">
            <Button variant="default" onClick={() => void act(() => api.webhooks.test({ id: webhook.id }), t('Test event sent.'))}>
              {t('Send test event')}
            </Button>
            <Button onClick={() => void load()}>{t('Refresh')}</Button>
          </Group>
        </Group>
        {error && (
          <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {log && (
          <Text size="sm" role="status">
            {t('{{count}} deliveries, newest first', { count: log.total })}
          </Text>
        )}
        {log && log.deliveries.length > 0 && <DeliveryTable deliveries={log.deliveries} onRetry={retry} />}
        {log && log.total > LIMIT && <Pagination total={Math.ceil(log.total / LIMIT)} value={page} onChange={setPage} aria-label={t('Pages of deliveries')} />}
      </Stack>
    </Drawer>
  );
}
