// Dayparting: restrictions that keep media out of dynamic selection at times of the year and day.
import { z } from 'zod';
import { Empty, Id, Nothing } from './common';
import { SearchFilter } from './media-search';
import { defineOperation } from './operation';
import { schedulingTag as tag } from './scheduling-entries';
import { Instant } from './times';

export const DaypartingRestriction = z.object({
  id: z.number().int(),
  description: z.string(),
  start_month: z.number().int(),
  start_day: z.number().int(),
  start_time: z.string(),
  end_month: z.number().int(),
  end_day: z.number().int(),
  end_time: z.string(),
  filters: z.array(z.unknown()),
});
const Time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'must be HH:MM or HH:MM:SS');
const Month = z.coerce.number().int().min(1).max(12);
const Day = z.coerce.number().int().min(1).max(31);
/** A restriction's filter: an advanced search's, whose value is never empty (it would match nothing or everything). */
const RestrictionFilter = SearchFilter.refine((f) => String(f.val).trim() !== '', { message: 'must not be empty', path: ['val'] });

export const daypartingOperations = {
  daypartingSearch: defineOperation({
    subject: 'scheduling.dayparting.search',
    input: Empty,
    output: z.array(DaypartingRestriction),
    auth: 'user',
    permission: 'manage_media_settings',
    http: { method: 'GET', path: '/dayparting/search', summary: 'Every dayparting restriction', tag },
  }),
  daypartingGet: defineOperation({
    subject: 'scheduling.dayparting.get',
    input: z.object({ id: Id }),
    output: DaypartingRestriction,
    auth: 'user',
    permission: 'manage_media_settings',
    http: { method: 'GET', path: '/dayparting/:id', summary: 'One dayparting restriction', tag },
  }),
  daypartingSave: defineOperation({
    subject: 'scheduling.dayparting.save',
    input: z.object({
      id: z.coerce.number().int().min(0).max(2_147_483_647),
      description: z.string().trim().max(500).default(''),
      start_month: Month,
      start_day: Day,
      start_time: Time,
      end_month: Month,
      end_day: Day,
      end_time: Time,
      filters: z.array(RestrictionFilter).max(100).default([]),
    }),
    output: z.object({ id: z.number().int() }),
    auth: 'user',
    permission: 'manage_media_settings',
    http: { method: 'PUT', path: '/dayparting/:id', summary: 'Save a dayparting restriction (id 0 creates)', tag, creates: true },
    successMessage: 'Restriction saved.',
  }),
  daypartingDelete: defineOperation({
    subject: 'scheduling.dayparting.delete',
    input: z.object({ id: Id }),
    output: Nothing,
    auth: 'user',
    permission: 'manage_media_settings',
    http: { method: 'DELETE', path: '/dayparting/:id', summary: 'Delete a dayparting restriction', tag },
    successMessage: 'Restriction deleted.',
  }),
  /** Whether a dayparting restriction excludes a media item at a moment (for dynamic selection). */
  daypartingCheck: defineOperation({
    subject: 'scheduling.dayparting.check',
    input: z.object({
      media_id: Id,
      // Without a player the restrictions are read in UTC, and so is a local `at`: the time sent is the time compared.
      at: Instant.describe(`${Instant.description} Without player, restrictions are read in UTC, and so is a local time.`),
      player: Id.optional(),
    }),
    output: z.object({ excluded: z.boolean(), restriction_ids: z.array(z.number().int()) }),
    auth: 'user',
    http: { method: 'GET', path: '/dayparting/check', summary: 'Whether a restriction excludes a media item at a moment', tag },
  }),
};
