// Account settings' "Recent security events": the logged-in user's own audit trail (logins,
// two-factor changes, password changes, app keys…), newest first, by kind, a page at a time.
import { Alert, Button, Group, Pagination, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { api } from '../lib/api';
import { AuditTable } from './AuditTable';
import { useAuditPage } from './audit-types';

const LIMIT = 10;
const kinds = [
  { value: 'all', label: 'All events' },
  { value: 'account.login', label: 'Logins' },
  { value: 'account.two_factor', label: 'Two-factor sign-in' },
  { value: 'account.password', label: 'Password' },
  { value: 'account.app_key', label: 'App keys' },
  { value: 'account.user', label: 'Account changes' },
];

/** `version` changes when the page knows of a new event (the list is read again). */
export function SecurityEvents({ version }: { version: number }) {
  const [type, setType] = useState('all');
  const filters: { type?: string } = type === 'all' ? {} : { type };
  const { page, setPage, result, error, load } = useAuditPage(api.audit.own, filters, LIMIT, version);
  return (
    <Stack component="section" aria-labelledby="security-events-title">
      <Title order={3} id="security-events-title">
        Recent security events
      </Title>
      <Group align="flex-end">
        <Select label="Events" data={kinds} value={type} onChange={(value) => setType(value ?? 'all')} allowDeselect={false} w={240} />
        <Button variant="default" onClick={() => void load()}>
          Refresh
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {result && (
        <Text size="sm" role="status">
          {result.total === 0 ? 'No events.' : `${result.total} event${result.total === 1 ? '' : 's'}, newest first`}
        </Text>
      )}
      {result && result.entries.length > 0 && <AuditTable entries={result.entries} label="Security events" showUser={false} />}
      {result && result.total > LIMIT && <Pagination total={Math.ceil(result.total / LIMIT)} value={page} onChange={setPage} aria-label="Pages of security events" />}
    </Stack>
  );
}
