import { describe, expect, it } from 'vitest';
import { ADMIN_GROUP_ID, USERS_GROUP_ID } from '../schema';
import { assertDeletable, assertPermissionsEditable, groupChanges, uniquePermissions } from './rules';

describe('group rules', () => {
  it('refuse editing the Admin group\'s permissions, but not its name', () => {
    expect(() => assertPermissionsEditable(ADMIN_GROUP_ID, ['manage_media'])).toThrow('its permissions cannot be edited');
    expect(() => assertPermissionsEditable(ADMIN_GROUP_ID, undefined)).not.toThrow();
    expect(() => assertPermissionsEditable(3, ['manage_media'])).not.toThrow();
  });

  it('refuse deleting Admin and Users', () => {
    expect(() => assertDeletable(ADMIN_GROUP_ID)).toThrow('The Admin and Users groups cannot be deleted.');
    expect(() => assertDeletable(USERS_GROUP_ID)).toThrow('The Admin and Users groups cannot be deleted.');
    expect(() => assertDeletable(3)).not.toThrow();
  });

  it('set only the fields sent', () => {
    expect(groupChanges({})).toEqual({});
    expect(groupChanges({ description: '' })).toEqual({ description: '' });
    expect(groupChanges({ name: 'Editors', description: 'x' })).toEqual({ name: 'Editors', description: 'x' });
  });

  it('list each permission once', () => {
    expect(uniquePermissions(['a', 'b:1', 'a'])).toEqual(['a', 'b:1']);
  });
});
