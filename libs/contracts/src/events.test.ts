import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventPayloads, MediaItemState } from './events';
import { MediaItem } from './media-items';
import { DaypartingRestriction } from './scheduling-dayparting';
import { Player } from './scheduling-players';
import { UserInfo } from './users';

/** Every property name of a JSON schema, at any depth. */
const propertiesOf = (schema: unknown): string[] => {
  if (Array.isArray(schema)) return schema.flatMap(propertiesOf);
  if (schema === null || typeof schema !== 'object') return [];
  const own = 'properties' in schema && schema.properties && typeof schema.properties === 'object' ? Object.keys(schema.properties) : [];
  return [...own, ...Object.values(schema).flatMap(propertiesOf)];
};

const stateEvents = ['account.user.created', 'account.user.updated', 'account.user.deleted', 'media.item.saved', 'media.item.archived', 'media.item.unarchived', 'media.item.deleted', 'scheduling.player.saved', 'scheduling.player.deleted', 'scheduling.now_playing.changed', 'scheduling.asrun.recorded', 'scheduling.alert.saved', 'scheduling.alert.deleted', 'scheduling.dayparting.saved', 'scheduling.dayparting.deleted'] as const;

describe('events that carry an entity’s state', () => {
  it('reuse the API’s schemas, keeping the fields they had before', () => {
    expect(eventPayloads['account.user.updated']).toBe(UserInfo);
    expect(eventPayloads['scheduling.player.deleted']).toBe(Player);
    expect(eventPayloads['scheduling.dayparting.saved']).toBe(DaypartingRestriction);
    expect(Object.keys(MediaItemState.shape)).toEqual(Object.keys(MediaItem.shape).filter((key) => key !== 'can_edit'));
    expect(Object.keys(eventPayloads['media.item.saved'].shape)).toEqual(['id', 'created', 'item']);
    expect(Object.keys(eventPayloads['media.item.deleted'].shape)).toEqual(['ids', 'items']);
    expect(Object.keys(UserInfo.shape)).toEqual(expect.arrayContaining(['id', 'username', 'enabled', 'group_ids']));
  });

  it('never have a field that could hold a secret or a file’s place in storage', () => {
    for (const type of stateEvents) {
      const names = propertiesOf(z.toJSONSchema(eventPayloads[type], { io: 'output', unrepresentable: 'any' }));
      expect(names.length, type).toBeGreaterThan(0);
      expect(names.filter((name) => /pass|hash|secret|key|token|otp|file_id|path|storage/i.test(name)), type).toEqual([]);
    }
  });
});
