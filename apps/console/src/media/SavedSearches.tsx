// The user's search history and saved searches: run one again, keep one from the history, make a
// saved one part of the default search, or delete it.
import { Button, Group, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { api, messageOf } from '../lib/api';
import type { Filter } from './media-types';

type Searches = Awaited<ReturnType<typeof api.media.searches>>;

export function SavedSearches({ onApply }: { onApply: (filters: Filter[]) => void }) {
  const [searches, setSearches] = useState<Searches | null>(null);
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
  const describe = (filters: unknown, description: string) => description || (Array.isArray(filters) ? (filters as Filter[]).map((f) => `${f.filter} ${f.op} ${String(f.val)}`).join(', ') : 'search');
  return (
    <Group>
      <Menu onOpen={() => void load()} closeOnItemClick={false} width={420}>
        <Menu.Target>
          <Button variant="default" size="xs">
            Saved searches and history
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Saved</Menu.Label>
          {searches?.saved.length === 0 && <Text size="sm" px="sm">None yet.</Text>}
          {searches?.saved.map((s) => (
            <Menu.Item key={s.id} component="div">
              <Group justify="space-between" wrap="nowrap">
                <Button variant="subtle" size="compact-sm" onClick={() => onApply(s.filters as Filter[])}>
                  {describe(s.filters, s.description)} {s.default ? '(default)' : ''}
                </Button>
                <Group gap={4} wrap="nowrap">
                  <Button size="compact-xs" variant="light" onClick={() => void act(() => (s.default ? api.media.searchUndefault({ id: s.id }) : api.media.searchDefault({ id: s.id })), 'Default search changed.')}>
                    {s.default ? 'Not default' : 'Default'}
                  </Button>
                  <Button size="compact-xs" variant="light" color="red" onClick={() => void act(() => api.media.searchDelete({ id: s.id }), 'Search deleted.')}>
                    Delete
                  </Button>
                </Group>
              </Group>
            </Menu.Item>
          ))}
          <Menu.Label>History (advanced searches)</Menu.Label>
          {searches?.history.map((s) => (
            <Menu.Item key={s.id} component="div">
              <Group justify="space-between" wrap="nowrap">
                <Button variant="subtle" size="compact-sm" onClick={() => onApply(s.filters as Filter[])}>
                  {describe(s.filters, s.description)}
                </Button>
                <Button size="compact-xs" variant="light" onClick={() => void act(() => api.media.searchSave({ id: s.id }), 'Search saved.')}>
                  Save
                </Button>
              </Group>
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
