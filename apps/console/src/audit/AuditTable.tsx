// Audit entries, newest first: when, type, whom it is about (on the trail of everyone), who acted,
// the address; each row's details (the event's payload) open below it.
import { i18n } from '../i18n';
import { useTranslation } from 'react-i18next';
import { Button, Code, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { when, type AuditEntry } from './audit-types';

const actor = (entry: AuditEntry) => entry.actor_username ?? (entry.actor_id !== null ? i18n.t('user {{id}}', { id: entry.actor_id }) : i18n.t('nobody logged in'));
const about = (entry: AuditEntry) => entry.username ?? (entry.user_id !== null ? i18n.t('user {{id}}', { id: entry.user_id }) : '—');

function Details({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return (
    <>
      <Code block>{JSON.stringify(entry.details, null, 2)}</Code>
      <Text size="xs" c="dimmed" mt={4}>
        {entry.request_id ? t('Event {{id}}, request {{request}}', { id: entry.id, request: entry.request_id }) : t('Event {{id}}', { id: entry.id })}
      </Text>
    </>
  );
}

function Row({ entry, showUser }: { entry: AuditEntry; showUser: boolean }) {
  const { t } = useTranslation();
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
          <Button size="xs" variant="light" aria-expanded={open} {...(open ? { 'aria-controls': id } : {})} aria-label={t('{{action}}: {{type}}, {{time}}', { action: open ? t('Hide details') : t('Details'), type: entry.type, time })} onClick={() => setOpen(!open)}>
            {open ? t('Hide details') : t('Details')}
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
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label={label} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Time')}</Table.Th>
            <Table.Th>{t('Event')}</Table.Th>
            {showUser && <Table.Th>{t('About')}</Table.Th>}
            <Table.Th>{t('Who acted')}</Table.Th>
            <Table.Th>{t('Address')}</Table.Th>
            <Table.Th>{t('Details')}</Table.Th>
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
