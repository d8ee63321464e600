import type { operationGroups } from '@airwave/contracts';
import type { z } from 'zod';

type U = (typeof operationGroups)['usersMore'];
export type User = z.output<U['get']['output']>;
export type Group = z.output<U['groupList']['output']>[number];
export type PermissionInfo = z.output<U['permissionList']['output']>[number];
