// An item's row as clients see it, and the version counter every write to an item bumps.
import type { Principal } from '@airwave/contracts';
import { sql } from 'kysely';
import type { ItemRow } from '../schema';
import { canEdit } from './visibility';

/** Every write to an item bumps its version (lost-update protection, see PUT /media). */
export const nextVersion = sql<number>`version + 1`;

/** The MediaItem of the contract: what GET /media/:id, search and the versions list answer. */
export function itemOut(row: ItemRow, principal: Principal) {
  return { ...itemState(row), can_edit: canEdit(principal, row) };
}

/** The item as itemOut answers it, without what depends on the caller (can_edit): what its events carry. */
export function itemState(row: ItemRow) {
  return {
    id: row.id,
    owner_id: row.owner_id,
    title: row.title,
    artist: row.artist,
    album: row.album,
    isrc: row.isrc,
    label: row.label,
    year: row.year,
    category: row.category,
    genre: row.genre,
    country: row.country,
    language: row.language,
    comments: row.comments,
    is_copyright_owner: row.is_copyright_owner,
    status: row.status as 'public' | 'private' | 'visible',
    is_approved: row.is_approved,
    is_archived: row.is_archived,
    dynamic_select: row.dynamic_select,
    permitted_users: row.permitted_users,
    permitted_groups: row.permitted_groups,
    type: row.type as 'audio' | 'video' | 'image' | 'document',
    format: row.format,
    duration: row.duration === null ? null : Number(row.duration),
    size: Number(row.size),
    created: row.created.toISOString(),
    updated: row.updated.toISOString(),
    version: row.version,
  };
}
