import { useTranslation } from 'react-i18next';
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSession } from '../session/session-context';

/**
 * A page only for holders of a permission (`perPlayer`: also held as `<permission>:<player id>`, for
 * some players); others (following an old link) are told so.
 */
export function Guard({ permission, perPlayer = false, children }: { permission: string; perPlayer?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  if (session.can(permission) || (perPlayer && session.permissions.some((p) => p.startsWith(`${permission}:`)))) return children;
  return (
    <Alert color="yellow" title={t('Not available')} role="alert">
      {t('This page needs the permission {{permission}}, which your account does not have.', { permission })}
    </Alert>
  );
}
