// Internal scheduling operations behind OB Player's sync endpoint (`POST /remote.php`, issue 31;
// docs/decisions/player-sync.md): each checks the player's password and pin and records the connect
// by kind (as playerSync.connect does), then answers what the action needs, so that one reply asks
// the scheduling service once. No HTTP route reaches them.
import { z } from 'zod';
import { Id } from './common';
import { defineOperation } from './operation';
import { Alert } from './scheduling-alerts';
import { RundownBlock } from './scheduling-rundown';
import { MAX_UNIX_SECONDS } from './times';

/** Who asks: the player's id and password as it sent them, and the client address as the gateway saw it. */
export const PlayerCredentials = {
  id: Id,
  password: z.string().max(1000),
  /** A second reading of the password, tried when the first does not match (a media body OB Player did not URL-encode). */
  alternative_password: z.string().max(1000).optional(),
  address: z.string().max(100),
};

const UnixSeconds = z.number().min(0).max(MAX_UNIX_SECONDS);
const Window = { from: UnixSeconds, to: UnixSeconds };
const ordered = (w: { from: number; to: number }) => w.to >= w.from;

export const playerRemote = {
  /**
   * `action=schedule`: the player's rundown of [from, to] (at most 7 days), block by block, after
   * recording a schedule connect.
   */
  schedule: defineOperation({
    subject: 'scheduling.internal.remote.schedule',
    input: z.object({ ...PlayerCredentials, ...Window }).refine(ordered, { message: 'must not be before from', path: ['to'] }),
    output: z.object({ blocks: z.array(RundownBlock) }),
    auth: 'none',
  }),
  /**
   * `action=emerg`: the alerts in force for the player in [from, to] (its parent's with
   * use_parent_alert), after an emergency connect. Their `item_name` and `item_duration` are null:
   * the caller asks the media service for the items' files, which carry them.
   */
  alerts: defineOperation({
    subject: 'scheduling.internal.remote.alerts',
    input: z.object({ ...PlayerCredentials, ...Window }).refine(ordered, { message: 'must not be before from', path: ['to'] }),
    output: z.object({ alerts: z.array(Alert) }),
    auth: 'none',
  }),
  /**
   * `action=media`: whether the player may download a media item, after a media connect: the item
   * is in a block of its rundown that has not ended by `from` (as answered to it), or is the item of
   * an alert in force for it.
   */
  mayDownload: defineOperation({
    subject: 'scheduling.internal.remote.may-download',
    input: z.object({ ...PlayerCredentials, media_id: Id, ...Window }),
    output: z.object({ allowed: z.boolean() }),
    auth: 'none',
  }),
};
