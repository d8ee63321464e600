// One page of a webhook's delivery log: what was sent, how it went, and "Send again" for a
// delivered or failed one.
import { useTranslation } from 'react-i18next';
import { Badge, Button, Table } from '@mantine/core';
import { when, type DeliveryStatus, type WebhookDelivery } from './webhook-types';

const statusColor: Record<DeliveryStatus, string> = { pending: 'blue', delivered: 'green', failed: 'red' };

function Row({ delivery, onRetry }: { delivery: WebhookDelivery; onRetry: (delivery: WebhookDelivery) => void }) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-delivery={delivery.id}>
      <Table.Td>{delivery.event_type}</Table.Td>
      <Table.Td>
        <Badge color={statusColor[delivery.status]} variant="dot" className="badge-whole">
          {delivery.status}
        </Badge>
      </Table.Td>
      <Table.Td>{delivery.attempts}</Table.Td>
      <Table.Td>{delivery.last_status_code ?? '—'}</Table.Td>
      <Table.Td style={{ wordBreak: 'break-word' }}>{delivery.last_error ?? '—'}</Table.Td>
      <Table.Td>{when(delivery.created_at)}</Table.Td>
      <Table.Td>{when(delivery.next_attempt_at)}</Table.Td>
      <Table.Td>{when(delivery.delivered_at)}</Table.Td>
      <Table.Td>
        {delivery.status !== 'pending' && (
          <Button size="xs" variant="light" aria-label={t('Send again: {{type}} of {{when}}', { type: delivery.event_type, when: when(delivery.created_at) })} onClick={() => onRetry(delivery)}>
            {t('Send again')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function DeliveryTable({ deliveries, onRetry }: { deliveries: WebhookDelivery[]; onRetry: (delivery: WebhookDelivery) => void }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table aria-label={t('Deliveries')} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Event type')}</Table.Th>
            <Table.Th>{t('Status')}</Table.Th>
            <Table.Th>{t('Attempts')}</Table.Th>
            <Table.Th>{t('Last status')}</Table.Th>
            <Table.Th>{t('Last error')}</Table.Th>
            <Table.Th>{t('Created')}</Table.Th>
            <Table.Th>{t('Next attempt')}</Table.Th>
            <Table.Th>{t('Delivered at')}</Table.Th>
            <Table.Th>{t('Actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((delivery) => (
            <Row key={delivery.id} delivery={delivery} onRetry={onRetry} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
