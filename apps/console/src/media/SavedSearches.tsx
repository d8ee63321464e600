// The user's search history and saved searches: run one again, keep one from the history, make a
// saved one part of the default search, or delete it.
import { useTranslation } from 'react-i18next';
import { Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { describeFilter } from '../components/FilterBuilder';
import { api, messageOf } from '../lib/api';
import type { Filter } from './media-types';

type Searches = Awaited<ReturnType<typeof api.media.searches>>;

export function SavedSearches({ onApply }: { onApply: (filters: Filter[]) => void }) {
  const { t } = useTranslation();
  const [searches, setSearches] = useState<Searches | null>(null);
  const [naming, setNaming] = useState<{ id: number; filters: Filter[]; name: string } | null>(null);
  const load = () => api.media.searches({}).then(setSearches, (e) => notifications.show({ color: 'red', message: messageOf(e) }));
  const act = async (call: () => Promise<unknown>, message: string) => {
    try {
      await call();
      notifications.show({ color: 'green', message });
      await load();
    } catch (failure) {
      notifications.show({ color: 'red', message: messageOf(failure) });
    }
  };
  // Named by its user, else in words ("Genre is Jazz, Year is more than 2000").
  const describe = (filters: unknown, description: string) => description || (Array.isArray(filters) ? (filters as Filter[]).map(describeFilter).join(', ') : t('search'));
  // Kept from the history under the name given.
  const keep = async ({ id, filters, name }: NonNullable<typeof naming>) => {
    setNaming(null);
    await act(async () => {
      await api.media.searchSave({ id });
      if (name.trim()) await api.media.searchEdit({ id, filters, description: name.trim() });
    }, t('Search saved.'));
  };
  return (
    <Group>
      <Menu onOpen={() => void load()} closeOnItemClick={false} width="min(420px, calc(100vw - 16px))">
        <Menu.Target>
          <Button variant="default" size="xs">
            {t('Saved searches and history')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('Saved')}</Menu.Label>
          {searches?.saved.length === 0 && <Text size="sm" px="sm">{t('None yet.')}</Text>}
          {searches?.saved.map((s) => (
            <Menu.Item key={s.id} component="div">
              <Group justify="space-between" wrap="nowrap">
                <Button variant="subtle" size="compact-sm" onClick={() => onApply(s.filters as Filter[])}>
                  {describe(s.filters, s.description)} {s.default ? t('(default)') : ''}
                </Button>
                <Group gap={4} wrap="nowrap">
                  <Button size="compact-xs" variant="light" onClick={() => void act(() => (s.default ? api.media.searchUndefault({ id: s.id }) : api.media.searchDefault({ id: s.id })), t('Default search changed.'))}>
                    {s.default ? t('Not default') : t('Default')}
                  </Button>
                  <Button size="compact-xs" variant="light" color="red" onClick={() => void act(() => api.media.searchDelete({ id: s.id }), t('Search deleted.'))}>
                    {t('Delete')}
                  </Button>
                </Group>
              </Group>
            </Menu.Item>
          ))}
          <Menu.Label>{t('History (advanced searches)')}</Menu.Label>
          {searches?.history.map((s) => (
            <Menu.Item key={s.id} component="div">
              <Group justify="space-between" wrap="nowrap">
                <Button variant="subtle" size="compact-sm" onClick={() => onApply(s.filters as Filter[])}>
                  {describe(s.filters, s.description)}
                </Button>
                <Button size="compact-xs" variant="light" onClick={() => setNaming({ id: s.id, filters: s.filters as Filter[], name: '' })} aria-label={t('Save {{search}}', { search: describe(s.filters, s.description) })}>
                  {t('Save')}
                </Button>
              </Group>
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={naming !== null} onClose={() => setNaming(null)} title={t('Save the search')}>
        {naming && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void keep(naming);
            }}
          >
            <Stack>
              <Text size="sm">{describe(naming.filters, '')}</Text>
              <TextInput label={t('Name')} description={t('Empty: the search in words')} value={naming.name} onChange={(e) => setNaming({ ...naming, name: e.currentTarget.value })} data-autofocus />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setNaming(null)}>
                  {t('Cancel')}
                </Button>
                <Button type="submit">{t('Save search')}</Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </Group>
  );
}
