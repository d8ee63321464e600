import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSession } from '../session/session-context';

/** A page only for holders of a permission; others (following an old link) are told so. */
export function Guard({ permission, children }: { permission: string; children: ReactNode }) {
  const session = useSession();
  if (session.can(permission)) return children;
  return (
    <Alert color="yellow" title="Not available" role="alert">
      This page needs the permission {permission}, which your account does not have.
    </Alert>
  );
}
