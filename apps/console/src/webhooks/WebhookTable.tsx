// The registered webhooks: URL, description, event types, an "enabled" switch that saves at once,
// delivery counts, and each one's actions.
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
  const { pending, delivered, failed } = webhook.deliveries;
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {pending} pending · {delivered} delivered · {failed} failed
    </Text>
  );
}

function Row({ webhook, actions }: { webhook: Webhook; actions: WebhookActions }) {
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
        <Switch aria-label={`Enabled: ${name}`} checked={webhook.enabled} onChange={(e) => actions.toggle(webhook, e.currentTarget.checked)} />
      </Table.Td>
      <Table.Td>
        <Counts webhook={webhook} />
      </Table.Td>
      <Table.Td>
        <Group gap="xs">
          {button('Edit', `Edit ${name}`, () => actions.edit(webhook))}
          {button('Deliveries', `Deliveries of ${name}`, () => actions.log(webhook))}
          {button('Send test event', `Send test event to ${name}`, () => actions.test(webhook))}
          {button('Replace secret', `Replace secret of ${name}`, () => actions.rotate(webhook))}
          {button('Delete', `Delete ${name}`, () => actions.remove(webhook), 'red')}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function WebhookTable({ webhooks, actions }: { webhooks: Webhook[]; actions: WebhookActions }) {
  return (
    <Table aria-label="Webhooks" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>URL</Table.Th>
          <Table.Th>Description</Table.Th>
          <Table.Th>Event types</Table.Th>
          <Table.Th>Enabled</Table.Th>
          <Table.Th>Deliveries</Table.Th>
          <Table.Th>Actions</Table.Th>
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
