// The registered webhooks: URL, description, event types, an "enabled" switch that saves at once,
// delivery counts, and each one's actions.
import { useTranslation } from 'react-i18next';
import { Badge, Button, Group, Switch, Table, Text } from '@mantine/core';
import { nameOf, type Webhook } from './webhook-types';

export interface WebhookActions {
  toggle: (webhook: Webhook, enabled: boolean) => void;
  edit: (webhook: Webhook) => void;
  log: (webhook: Webhook) => void;
  test: (webhook: Webhook) => void;
  rotate: (webhook: Webhook) => void;
  remove: (webhook: Webhook) => void;
}

function Counts({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation();
  const { pending, delivered, failed } = webhook.deliveries;
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {t('{{pending}} pending · {{delivered}} delivered · {{failed}} failed', { pending, delivered, failed })}
    </Text>
  );
}

function Row({ webhook, actions }: { webhook: Webhook; actions: WebhookActions }) {
  const { t } = useTranslation();
  const name = nameOf(webhook);
  const button = (label: string, ariaLabel: string, onClick: () => void, color?: string) => (
    <Button size="xs" variant="light" color={color} aria-label={ariaLabel} onClick={onClick}>
      {label}
    </Button>
  );
  return (
    <Table.Tr data-webhook={webhook.id}>
      <Table.Td style={{ wordBreak: 'break-all' }}>{webhook.url}</Table.Td>
      <Table.Td>{webhook.description}</Table.Td>
      <Table.Td>
        <Group gap={4}>
          {webhook.event_types.map((type) => (
            <Badge key={type} variant="outline" color="gray" tt="none">
              {type}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <Switch aria-label={t('Enabled: {{name}}', { name })} checked={webhook.enabled} onChange={(e) => actions.toggle(webhook, e.currentTarget.checked)} />
      </Table.Td>
      <Table.Td>
        <Counts webhook={webhook} />
      </Table.Td>
      <Table.Td>
        <Group gap="xs">
          {button(t('Edit'), t('Edit {{name}}', { name }), () => actions.edit(webhook))}
          {button(t('Deliveries'), t('Deliveries of {{name}}', { name }), () => actions.log(webhook))}
          {button(t('Send test event'), t('Send test event to {{name}}', { name }), () => actions.test(webhook))}
          {button(t('Replace secret'), t('Replace secret of {{name}}', { name }), () => actions.rotate(webhook))}
          {button(t('Delete'), t('Delete {{name}}', { name }), () => actions.remove(webhook), 'red')}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function WebhookTable({ webhooks, actions }: { webhooks: Webhook[]; actions: WebhookActions }) {
  const { t } = useTranslation();
  return (
    <Table aria-label={t('Webhooks')} striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('URL')}</Table.Th>
          <Table.Th>{t('Description')}</Table.Th>
          <Table.Th>{t('Event types')}</Table.Th>
          <Table.Th>{t('Enabled')}</Table.Th>
          <Table.Th>{t('Deliveries')}</Table.Th>
          <Table.Th>{t('Actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {webhooks.map((webhook) => (
          <Row key={webhook.id} webhook={webhook} actions={actions} />
        ))}
      </Table.Tbody>
    </Table>
  );
}
