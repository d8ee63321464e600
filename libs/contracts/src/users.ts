// Users area (administration of users and groups; "a separate users area" in the interface).
import { z } from 'zod';
import { defineOperation } from './operation';
import { Empty, Flag, Id, Nothing } from './common';
import { IdList } from './media-items';

const tag = 'Users';

export const NewUsername = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,63}$/, 'must be 2–64 letters, digits, dots, dashes or underscores, starting with a letter or digit');
export const Email = z.string().trim().max(254).pipe(z.email('must be a valid email address'));
/** A permission name, optionally scoped to one record: `manage_timeslots` or `manage_timeslots:3`. */
export const PermissionName = z.string().regex(/^[a-z][a-z0-9_]{1,63}(:[1-9][0-9]{0,9})?$/, 'must be a permission name, optionally with :<id>');
export const NewPassword = z.string().min(8, 'must be at least 8 characters').max(1024);

export const users = {
  create: defineOperation({
    subject: 'account.users.create',
    input: z.object({
      username: NewUsername,
      password: NewPassword,
      name: z.string().trim().max(200).default(''),
      email: z.union([Email, z.literal('')]).default(''),
      display_name: z.string().trim().max(200).optional(),
      group_ids: z.array(Id).max(100).default([2]),
    }),
    output: z.object({ id: z.number().int() }),
    auth: 'user',
    permission: 'manage_users',
    http: { method: 'POST', path: '/users', summary: 'Create a user', tag, creates: true },
    successMessage: 'User created.',
  }),
  groupCreate: defineOperation({
    subject: 'account.groups.create',
    input: z.object({
      name: z.string().trim().min(1).max(100),
      description: z.string().trim().max(1000).default(''),
      permissions: z.array(PermissionName).max(500).default([]),
    }),
    output: z.object({ id: z.number().int() }),
    auth: 'user',
    permission: 'manage_users',
    http: { method: 'POST', path: '/users/groups', summary: 'Create a group with permissions', tag, creates: true },
    successMessage: 'Group created.',
  }),
};

export const UserInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  display_name: z.string(),
  enabled: z.boolean(),
  group_ids: z.array(z.number().int()),
  created: z.string(),
  last_access: z.string().nullable(),
});

/** A user or group as the directory names them: its id, and its name (a user's display name and username). */
export const DirectoryEntry = z.object({ id: z.number().int(), name: z.string() });

export const GroupInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
});

export const permissionsInternal = {
  /** Internal: a module adds its permissions to the catalogue (category `module:<name>`). */
  register: defineOperation({
    subject: 'account.permissions.register',
    input: z.object({ module: z.string(), permissions: z.array(z.object({ name: z.string().regex(/^[a-z][a-z0-9_]{1,63}$/), description: z.string() })) }),
    output: Nothing,
    auth: 'none',
    callers: ['modules'],
  }),
  /** Internal: a module's permissions leave the catalogue. */
  unregister: defineOperation({
    subject: 'account.permissions.unregister',
    input: z.object({ module: z.string() }),
    output: Nothing,
    auth: 'none',
    callers: ['modules'],
  }),
};

export const usersMore = {
  list: defineOperation({
    subject: 'account.users.list',
    input: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100), offset: z.coerce.number().int().min(0).default(0), q: z.string().max(100).optional() }),
    output: z.object({ total: z.number().int(), users: z.array(UserInfo) }),
    auth: 'user',
    permission: 'manage_users',
    http: { method: 'GET', path: '/users', summary: 'List users', tag },
  }),
  get: defineOperation({
    subject: 'account.users.get',
    input: z.object({ id: Id }),
    output: UserInfo,
    auth: 'user',
    permission: 'manage_users',
    http: { method: 'GET', path: '/users/:id', summary: 'One user', tag },
  }),
  update: defineOperation({
    subject: 'account.users.update',
    input: z.object({
      id: Id,
      name: z.string().trim().max(200).optional(),
      email: z.union([Email, z.literal('')]).optional(),
      display_name: z.string().trim().max(200).optional(),
      password: NewPassword.optional(),
      enabled: Flag.optional(),
      group_ids: z.array(Id).max(100).optional(),
    }),
    output: UserInfo,
    auth: 'user',
    permission: 'manage_users',
    http: { method: 'PUT', path: '/users/:id', summary: 'Edit a user (partial): details, password, enabled, groups', tag },
    successMessage: 'User saved.',
  }),
  delete: defineOperation({
    subject: 'account.users.delete',
    input: z.object({ id: Id }),
    output: Nothing,
    auth: 'user',
    permission: 'manage_users',
    http: { method: 'DELETE', path: '/users/:id', summary: 'Delete a user', tag },
    successMessage: 'User deleted.',
  }),
  /**
   * Whom an item can be shared with, by name (docs/decisions/accounts.md, "The directory"): for
   * those who share media and playlists, who cannot list the users themselves.
   */
  directory: defineOperation({
    subject: 'account.directory',
    input: z.object({
      q: z.string().trim().max(100).optional().describe('Words of a username, name or group name'),
      user_ids: IdList.optional().describe('Users to name by their ids (what a shared item lists); with group_ids, instead of a search'),
      group_ids: IdList.optional().describe('Groups to name by their ids'),
    }),
    output: z.object({ users: z.array(DirectoryEntry), groups: z.array(DirectoryEntry) }),
    auth: 'user',
    http: { method: 'GET', path: '/users/directory', summary: 'Users and groups by name, to share an item with (manage_users or media_advanced_permissions)', tag },
  }),
  groupList: defineOperation({
    subject: 'account.groups.list',
    input: Empty,
    output: z.array(GroupInfo),
    auth: 'user',
    permission: 'manage_users',
    http: { method: 'GET', path: '/users/groups', summary: 'Groups with their permission names', tag },
  }),
  groupUpdate: defineOperation({
    subject: 'account.groups.update',
    input: z.object({
      id: Id,
      name: z.string().trim().min(1).max(100).optional(),
      description: z.string().trim().max(1000).optional(),
      permissions: z.array(PermissionName).max(500).optional(),
    }),
    output: GroupInfo,
    auth: 'user',
    permission: 'manage_users',
    http: { method: 'PUT', path: '/users/groups/:id', summary: 'Edit a group and its permissions', tag },
    successMessage: 'Group saved.',
  }),
  groupDelete: defineOperation({
    subject: 'account.groups.delete',
    input: z.object({ id: Id }),
    output: Nothing,
    auth: 'user',
    permission: 'manage_users',
    http: { method: 'DELETE', path: '/users/groups/:id', summary: 'Delete a group (not the Admin group)', tag },
    successMessage: 'Group deleted.',
  }),
  permissionList: defineOperation({
    subject: 'account.permissions.catalogue',
    input: Empty,
    output: z.array(z.object({ name: z.string(), category: z.string(), description: z.string() })),
    auth: 'user',
    permission: 'manage_users',
    http: { method: 'GET', path: '/users/permissions', summary: 'The permission catalogue', tag },
  }),
  canRegisterGet: defineOperation({
    subject: 'account.registration.get',
    input: Empty,
    output: z.boolean(),
    auth: 'user',
    permission: 'manage_users',
    http: { method: 'GET', path: '/users/can-register', summary: 'Whether self-registration is enabled', tag },
  }),
  canRegisterSet: defineOperation({
    subject: 'account.registration.set',
    input: z.object({ enabled: Flag }),
    output: z.boolean(),
    auth: 'user',
    permission: 'manage_users',
    http: { method: 'PUT', path: '/users/can-register', summary: 'Enable or disable self-registration', tag },
    successMessage: 'Saved.',
  }),
};
