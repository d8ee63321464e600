// Every operation with an HTTP binding, in one list: the gateway registers routes from it and the
// OpenAPI document is generated from it. Each area adds its operations object here.
import type { Operation } from './operation';
import { account, accountMore } from './account';
import { users, usersMore } from './users';
import { modules } from './modules';
import { scheduling } from './scheduling';
import { media, mediaFiles, mediaVersions } from './media';
import { playlistOperations as playlists } from './media-playlists';
import { twoFactor, twoFactorAdmin } from './two-factor';
import { audit } from './audit';
import { webhooks } from './webhooks';
import { playout } from './playout';

export const operationGroups = {
  account,
  accountMore,
  users,
  usersMore,
  modules,
  scheduling,
  media,
  mediaFiles,
  mediaVersions,
  playlists,
  twoFactor,
  twoFactorAdmin,
  audit,
  webhooks,
  playout,
} satisfies Record<string, Record<string, Operation>>;

export function allOperations(): Operation[] {
  return Object.values(operationGroups as Record<string, Record<string, Operation>>).flatMap((group) => Object.values(group));
}

export function httpOperations(): Operation[] {
  return allOperations().filter((op) => op.http !== undefined);
}
