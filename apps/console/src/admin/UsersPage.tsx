// Users and groups, for administrators (manage_users): list, search and page through users,
// create, edit, disable or delete them; groups and their permissions; whether anyone may register.
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group as Row, Pagination, Stack, Switch, Table, Tabs, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useState } from 'react';
import { api, messageOf } from '../lib/api';
import { GroupForm } from './GroupForm';
import { TwoFactorRequirement } from './TwoFactorRequirement';
import { UserForm } from './UserForm';
import type { Group, PermissionInfo, User } from './users-types';

const LIMIT = 50;

export default function UsersPage() {
  const { t } = useTranslation();
  const [users, setUsers] = useState<{ total: number; users: User[] } | null>(null);
  const [groups, setGroups] = useState<Group[]>([]);
  const [catalogue, setCatalogue] = useState<PermissionInfo[]>([]);
  const [registration, setRegistration] = useState<boolean | null>(null);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editingUser, setEditingUser] = useState<User | null | undefined>(undefined);
  const [editingGroup, setEditingGroup] = useState<Group | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const [u, g, c, r] = await Promise.all([api.usersMore.list({ limit: LIMIT, offset: (page - 1) * LIMIT, ...(q ? { q } : {}) }), api.usersMore.groupList({}), api.usersMore.permissionList({}), api.usersMore.canRegisterGet({})]);
      setUsers(u);
      setGroups(g);
      setCatalogue(c);
      setRegistration(r);
    } catch (failure) {
      setError(messageOf(failure));
    }
  }, [page, q]);
  useEffect(() => void load(), [load]);

  const act = async (call: () => Promise<unknown>, message: string) => {
    try {
      await call();
      notifications.show({ color: 'green', message });
      await load();
    } catch (failure) {
      setError(messageOf(failure));
    }
  };
  const groupNames = (ids: number[]) => ids.map((id) => groups.find((g) => g.id === id)?.name ?? id).join(', ');

  return (
    <Stack>
      <Title order={2}>{t('Users and groups')}</Title>
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Tabs defaultValue="users">
        <Tabs.List>
          <Tabs.Tab value="users">{t('Users')}</Tabs.Tab>
          <Tabs.Tab value="groups">{t('Groups')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users" pt="md">
          <Stack>
            <Row justify="space-between" align="flex-end">
              <TextInput label={t('Find users')} value={q} onChange={(e) => { setQ(e.currentTarget.value); setPage(1); }} />
              {registration !== null && <Switch label={t('Anyone may create an account')} checked={registration} onChange={(e) => void act(() => api.usersMore.canRegisterSet({ enabled: e.currentTarget.checked }), t('Registration setting saved.'))} />}
              <Button onClick={() => setEditingUser(null)}>{t('New user')}</Button>
            </Row>
            <Table aria-label={t('Users')} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('Username')}</Table.Th>
                  <Table.Th>{t('Name')}</Table.Th>
                  <Table.Th>{t('Email')}</Table.Th>
                  <Table.Th>{t('Groups')}</Table.Th>
                  <Table.Th>{t('State')}</Table.Th>
                  <Table.Th>{t('Actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users?.users.map((u) => (
                  <Table.Tr key={u.id}>
                    <Table.Td>{u.username}</Table.Td>
                    <Table.Td>{u.name}</Table.Td>
                    <Table.Td>{u.email}</Table.Td>
                    <Table.Td>{groupNames(u.group_ids)}</Table.Td>
                    <Table.Td>{u.enabled ? t('enabled') : t('disabled')}</Table.Td>
                    <Table.Td>
                      <Row gap="xs">
                        <Button size="xs" variant="light" aria-label={t('Edit {{name}}', { name: u.username })} onClick={() => setEditingUser(u)}>
                          {t('Edit')}
                        </Button>
                        <Button size="xs" variant="light" color="red" aria-label={t('Delete {{name}}', { name: u.username })} onClick={() => void act(() => api.usersMore.delete({ id: u.id }), t('{{name}} deleted.', { name: u.username }))}>
                          {t('Delete')}
                        </Button>
                      </Row>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {users && users.total > LIMIT && <Pagination total={Math.ceil(users.total / LIMIT)} value={page} onChange={setPage} aria-label={t('Pages of users')} />}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="groups" pt="md">
          <Stack>
            <Row justify="flex-end">
              <Button onClick={() => setEditingGroup(null)}>{t('New group')}</Button>
            </Row>
            <Table aria-label={t('Groups')} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('Name')}</Table.Th>
                  <Table.Th>{t('Description')}</Table.Th>
                  <Table.Th>{t('Permissions')}</Table.Th>
                  <Table.Th>{t('Actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {groups.map((g) => (
                  <Table.Tr key={g.id}>
                    <Table.Td>{g.name}</Table.Td>
                    <Table.Td>{g.description}</Table.Td>
                    <Table.Td>{g.permissions.join(', ')}</Table.Td>
                    <Table.Td>
                      <Row gap="xs">
                        <Button size="xs" variant="light" aria-label={t('Edit group {{name}}', { name: g.name })} onClick={() => setEditingGroup(g)}>
                          {t('Edit')}
                        </Button>
                        <Button size="xs" variant="light" color="red" aria-label={t('Delete group {{name}}', { name: g.name })} onClick={() => void act(() => api.usersMore.groupDelete({ id: g.id }), t('{{name}} deleted.', { name: g.name }))}>
                          {t('Delete')}
                        </Button>
                      </Row>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <TwoFactorRequirement catalogue={catalogue} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
      {editingUser !== undefined && <UserForm user={editingUser} groups={groups} onClose={() => setEditingUser(undefined)} onSaved={() => { setEditingUser(undefined); notifications.show({ color: 'green', message: t('User saved.') }); void load(); }} />}
      {editingGroup !== undefined && <GroupForm group={editingGroup} catalogue={catalogue} onClose={() => setEditingGroup(undefined)} onSaved={() => { setEditingGroup(undefined); notifications.show({ color: 'green', message: t('Group saved.') }); void load(); }} />}
    </Stack>
  );
}
