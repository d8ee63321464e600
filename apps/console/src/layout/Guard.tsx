import { useTranslation } from 'react-i18next';
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSession } from '../session/session-context';

/** A page only for holders of a permission; others (following an old link) are told so. */
export function Guard({ permission, children }: { permission: string; children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  if (session.can(permission)) return children;
  return (
    <Alert color="yellow" title={t('Not available')} role="alert">
      {t('This page needs the permission {{permission}}, which your account does not have.', { permission })}
    </Alert>
  );
}
