// Audit entries, newest first: when, type, whom it is about (on the trail of everyone), who acted,
// the address; each row's details (the event's payload) open below it.
import { Button, Code, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { when, type AuditEntry } from './audit-types';

const actor = (entry: AuditEntry) => entry.actor_username ?? (entry.actor_id !== null ? `user ${entry.actor_id}` : 'nobody logged in');
const about = (entry: AuditEntry) => entry.username ?? (entry.user_id !== null ? `user ${entry.user_id}` : '—');

function Details({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <Code block>{JSON.stringify(entry.details, null, 2)}</Code>
      <Text size="xs" c="dimmed" mt={4}>
        Event {entry.id}
        {entry.request_id && `, request ${entry.request_id}`}
      </Text>
    </>
  );
}

function Row({ entry, showUser }: { entry: AuditEntry; showUser: boolean }) {
  const [open, setOpen] = useState(false);
  const id = `audit-details-${entry.id}`;
  const time = when(entry.occurred_at);
  return (
    <>
      <Table.Tr>
        <Table.Td>{time}</Table.Td>
        <Table.Td>
          <Code>{entry.type}</Code>
        </Table.Td>
        {showUser && <Table.Td>{about(entry)}</Table.Td>}
        <Table.Td>{actor(entry)}</Table.Td>
        <Table.Td>{entry.address ?? '—'}</Table.Td>
        <Table.Td>
          <Button size="xs" variant="light" aria-expanded={open} {...(open ? { 'aria-controls': id } : {})} aria-label={`${open ? 'Hide details' : 'Details'}: ${entry.type}, ${time}`} onClick={() => setOpen(!open)}>
            {open ? 'Hide details' : 'Details'}
          </Button>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr id={id}>
          <Table.Td colSpan={showUser ? 6 : 5}>
            <Details entry={entry} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

export function AuditTable({ entries, label, showUser }: { entries: AuditEntry[]; label: string; showUser: boolean }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label={label} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Event</Table.Th>
            {showUser && <Table.Th>About</Table.Th>}
            <Table.Th>Who acted</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Row key={entry.id} entry={entry} showUser={showUser} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
