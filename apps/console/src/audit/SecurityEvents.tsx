// Account settings' "Recent security events": the logged-in user's own audit trail (logins,
// two-factor changes, password changes, app keys…), newest first, by kind, a page at a time.
import { msg } from '../i18n';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Pagination, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { api } from '../lib/api';
import { AuditTable } from './AuditTable';
import { useAuditPage } from './audit-types';

const LIMIT = 10;
const kinds = [
  { value: 'all', label: msg('All events') },
  { value: 'account.login', label: msg('Logins') },
  { value: 'account.two_factor', label: msg('Two-factor sign-in') },
  { value: 'account.password', label: msg('Password') },
  { value: 'account.app_key', label: msg('App keys') },
  { value: 'account.user', label: msg('Account changes') },
];

/** `version` changes when the page knows of a new event (the list is read again). */
export function SecurityEvents({ version }: { version: number }) {
  const { t } = useTranslation();
  const [type, setType] = useState('all');
  const filters: { type?: string } = type === 'all' ? {} : { type };
  const { page, setPage, result, error, load } = useAuditPage(api.audit.own, filters, LIMIT, version);
  return (
    <Stack component="section" aria-labelledby="security-events-title">
      <Title order={3} id="security-events-title">
        {t('Recent security events')}
      </Title>
      <Group align="flex-end">
        <Select label={t('Events')} data={kinds.map((k) => ({ value: k.value, label: t(k.label) }))} value={type} onChange={(value) => setType(value ?? 'all')} allowDeselect={false} w={240} />
        <Button variant="default" onClick={() => void load()}>
          {t('Refresh')}
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {result && (
        <Text size="sm" role="status">
          {result.total === 0 ? t('No events.') : t('{{count}} events, newest first', { count: result.total })}
        </Text>
      )}
      {result && result.entries.length > 0 && <AuditTable entries={result.entries} label={t('Security events')} showUser={false} />}
      {result && result.total > LIMIT && <Pagination total={Math.ceil(result.total / LIMIT)} value={page} onChange={setPage} aria-label={t('Pages of security events')} />}
    </Stack>
  );
}
