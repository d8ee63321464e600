// Whose entries: with manage_users, a user found by name; otherwise a user id typed.
import { i18n } from '../i18n';
import { useTranslation } from 'react-i18next';
import { Select, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api } from '../lib/api';
import { useSession } from '../session/session-context';

interface Props {
  value: string;
  onChange: (userId: string) => void;
  error?: string | undefined;
}

function FoundUser({ value, onChange, error }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      api.usersMore
        .list({ limit: 20, ...(search ? { q: search } : {}) })
        .then((found) => current && setOptions(found.users.map((u) => ({ value: String(u.id), label: u.username }))))
        .catch(() => undefined);
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [search]);
  // The chosen user stays among the options while another search runs.
  const data = value && !options.some((o) => o.value === value) ? [...options, { value, label: i18n.t('user {{id}}', { id: value }) }] : options;
  return <Select label={t('User')} placeholder={t('Everyone')} searchable clearable data={data} value={value || null} onChange={(next) => onChange(next ?? '')} searchValue={search} onSearchChange={setSearch} error={error} w={220} />;
}

export function UserFilter(props: Props) {
  const { t } = useTranslation();
  const session = useSession();
  if (session.can('manage_users')) return <FoundUser {...props} />;
  return <TextInput label={t('User id')} placeholder={t('Everyone')} inputMode="numeric" value={props.value} onChange={(e) => props.onChange(e.currentTarget.value.trim())} error={props.error} w={140} />;
}
