import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Group, SegmentedControl, Stack, Switch, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FilterBuilder } from '../components/FilterBuilder';
import type { SearchState, Status } from './media-types';

/** The search form: words (simple) or filters (advanced), which items (status, mine). */
export function SearchBar({ value, onSearch }: { value: SearchState; onSearch: (next: SearchState) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ ...draft, page: 1 });
  };
  return (
    <form onSubmit={submit} role="search" aria-label={t('Search the library')}>
      <Stack gap="xs">
        <Group align="flex-end">
          {draft.mode === 'simple' && <TextInput label={t('Search')} placeholder={t('Title, artist, album…')} value={draft.text} onChange={(e) => setDraft({ ...draft, text: e.currentTarget.value })} w={320} />}
          <SegmentedControl
            aria-label={t('Which items')}
            data={[
              { value: 'approved', label: t('Approved') },
              { value: 'unapproved', label: t('Unapproved') },
              { value: 'archived', label: t('Archived') },
            ]}
            value={draft.status}
            onChange={(status) => {
              // The switch shows what was chosen, and the search runs with it (issue 35, point 2).
              const next = { ...draft, status: status as Status, page: 1 };
              setDraft(next);
              onSearch(next);
            }}
          />
          <Checkbox label={t('Only mine')} checked={draft.mine} onChange={(e) => setDraft({ ...draft, mine: e.currentTarget.checked })} mb={8} />
          <Switch label={t('Advanced search')} checked={draft.mode === 'advanced'} onChange={(e) => setDraft({ ...draft, mode: e.currentTarget.checked ? 'advanced' : 'simple', filters: draft.filters.length ? draft.filters : [{ filter: 'genre', op: 'eq', val: '' }] })} mb={8} />
          <Button type="submit">{t('Search')}</Button>
        </Group>
        {draft.mode === 'advanced' && <FilterBuilder filters={draft.filters} onChange={(filters) => setDraft({ ...draft, filters })} />}
      </Stack>
    </form>
  );
}
