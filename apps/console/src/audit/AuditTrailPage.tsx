// The audit trail of every account and of modules (view_audit): security events newest first,
// filtered by type (or its start), user, and time, a page at a time; each row's details open.
import { useTranslation } from 'react-i18next';
import { Alert, Autocomplete, Button, Group, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { api } from '../lib/api';
import { AuditTable } from './AuditTable';
import { typeChoices, useAuditPage } from './audit-types';
import { UserFilter } from './UserFilter';
import { displayLocale } from '../lib/locale';

const LIMIT = 50;
const types = typeChoices();
const empty = { type: '', user: '', since: '', until: '' };
type Form = typeof empty;

/** The API's filters from the form: times typed in the browser's zone, sent with their offset. */
function filtersOf(form: Form) {
  const iso = (local: string) => {
    const time = new Date(local);
    return Number.isNaN(time.getTime()) ? local : time.toISOString();
  };
  return {
    ...(form.type.trim() ? { type: form.type.trim() } : {}),
    ...(form.user ? { user_id: Number(form.user) } : {}),
    ...(form.since ? { since: iso(form.since) } : {}),
    ...(form.until ? { until: iso(form.until) } : {}),
  };
}

function Filters({ onApply, errors }: { onApply: (form: Form) => void; errors: Record<string, string> }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(empty);
  const set = (name: keyof Form) => (value: string) => setForm((f) => ({ ...f, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(form);
  };
  return (
    <form onSubmit={submit} aria-label={t('Filters')}>
      <Group align="flex-start">
        <Autocomplete label={t('Event type, or its start')} placeholder="account.login" data={types} value={form.type} onChange={set('type')} error={errors.type} w={300} />
        <UserFilter value={form.user} onChange={set('user')} error={errors.user_id} />
        <TextInput type="datetime-local" label={t('Since')} value={form.since} onChange={(e) => set('since')(e.currentTarget.value)} error={errors.since} />
        <TextInput type="datetime-local" label={t('Until')} value={form.until} onChange={(e) => set('until')(e.currentTarget.value)} error={errors.until} />
        <Button type="submit" mt={25}>
          {t('Apply filters')}
        </Button>
      </Group>
    </form>
  );
}

export default function AuditTrailPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState(empty);
  const [version, setVersion] = useState(0);
  const { page, setPage, result, error, errors, load } = useAuditPage(api.audit.all, filtersOf(form), LIMIT, version);
  const apply = (next: Form) => {
    setForm(next);
    setVersion((v) => v + 1);
  };
  const first = (page - 1) * LIMIT;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('Audit trail')}</Title>
        <Button variant="default" onClick={() => void load()}>
          {t('Refresh')}
        </Button>
      </Group>
      <Filters onApply={apply} errors={errors} />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {result && (
        <Text size="sm" role="status">
          {result.total === 0 ? t('No entries.') : t('{{from}}–{{to}} of {{total}}, newest first', { from: first + 1, to: first + result.entries.length, total: result.total.toLocaleString(displayLocale()) })}
        </Text>
      )}
      {result && result.entries.length > 0 && <AuditTable entries={result.entries} label={t('Audit trail')} showUser />}
      {result && result.total > LIMIT && <Pagination total={Math.ceil(result.total / LIMIT)} value={page} onChange={setPage} aria-label={t('Pages of the audit trail')} />}
    </Stack>
  );
}
