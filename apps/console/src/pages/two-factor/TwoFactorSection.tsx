// Account settings' "Two-factor sign-in": whether it is on (and required), turning it on (EnrolModal),
// renewing the recovery codes and turning it off (each with a code), the codes shown once.
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useState } from 'react';
import { api, messageOf } from '../../lib/api';
import { useSession } from '../../session/session-context';
import { CodeModal } from './CodeModal';
import { EnrolModal } from './EnrolModal';
import { RecoveryCodesModal, type ShownCodes } from './RecoveryCodesModal';
import { warningStyles, when, type TwoFactorStatus } from './two-factor-types';

type Dialog = null | 'enrol' | 'renew' | 'disable' | ShownCodes;

function useStatus() {
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setStatus(await api.twoFactor.status({}));
      setError(null);
    } catch (failure) {
      setError(messageOf(failure));
    }
  }, []);
  useEffect(() => void load(), [load]);
  return { status, error, load };
}

function StatusText({ status }: { status: TwoFactorStatus }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Group gap="xs" role="status">
        <Badge color={status.enabled ? 'teal.9' : 'gray.7'}>{status.enabled ? t('On') : t('Off')}</Badge>
        <Text size="sm">
          {status.enabled
            ? status.enabled_at
              ? t('Two-factor sign-in is on since {{when}}; {{count}} recovery codes left.', { when: when(status.enabled_at), count: status.recovery_codes_left })
              : t('Two-factor sign-in is on; {{count}} recovery codes left.', { count: status.recovery_codes_left })
            : t('Two-factor sign-in is off: your password alone signs you in.')}
        </Text>
      </Group>
      {status.required && !status.enabled && (
        <Alert color="yellow" styles={warningStyles} title={t('Required for your permissions')}>
          {t('Your account needs two-factor sign-in for {{permissions}}: these permissions are withheld until it is on.', { permissions: status.required_permissions.join(', ') })}
        </Alert>
      )}
      {!status.available && !status.enabled && <Alert color="yellow">{t('This server cannot turn two-factor sign-in on (it has no encryption key): ask its administrator.')}</Alert>}
    </Stack>
  );
}

function Actions({ status, open }: { status: TwoFactorStatus; open: (dialog: Dialog) => void }) {
  const { t } = useTranslation();
  if (!status.enabled) return status.available ? <Button onClick={() => open('enrol')}>{t('Turn on')}</Button> : null;
  return (
    <Group>
      <Button variant="default" onClick={() => open('renew')}>
        {t('Renew recovery codes')}
      </Button>
      <Button variant="light" color="red" onClick={() => open('disable')}>
        {t('Turn off')}
      </Button>
    </Group>
  );
}

/** The open dialog; `changed` closes it (or shows the new recovery codes) after a change. */
function Dialogs({ dialog, close, changed }: { dialog: Dialog; close: () => void; changed: (next: Dialog, message: string) => void }) {
  const { t } = useTranslation();
  const session = useSession();
  if (dialog === 'enrol') return <EnrolModal onClose={close} onEnabled={(codes) => changed({ codes, renewed: false }, t('Two-factor sign-in is on.'))} />;
  if (dialog === 'renew') {
    const renew = async (code: string) => changed({ codes: (await api.twoFactor.recoveryCodes({ code })).recovery_codes, renewed: true }, t('New recovery codes.'));
    return <CodeModal title={t('Renew recovery codes')} intro={t('Ten new codes replace the ones you have: the old ones stop working.')} submitLabel={t('Renew the codes')} onSubmit={renew} onClose={close} />;
  }
  if (dialog === 'disable') {
    const disable = async (code: string) => {
      await api.twoFactor.disable({ code });
      changed(null, t('Two-factor sign-in is off.'));
    };
    const intro = t('Your password alone will sign you in again. Permissions that need two-factor sign-in are withheld while it is off.');
    return <CodeModal title={t('Turn off two-factor sign-in')} intro={intro} submitLabel={t('Turn off')} danger onSubmit={disable} onClose={close} />;
  }
  return dialog ? <RecoveryCodesModal shown={dialog} username={session.user.username} onClose={close} /> : null;
}

export function TwoFactorSection({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const { status, error, load } = useStatus();
  const [dialog, setDialog] = useState<Dialog>(null);
  const changed = (next: Dialog, message: string) => {
    setDialog(next);
    notifications.show({ color: 'green', message });
    void load();
    onChanged();
  };
  return (
    <Stack component="section" aria-labelledby="two-factor-title" maw={640}>
      <Title order={3} id="two-factor-title">
        {t('Two-factor sign-in')}
      </Title>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {status && <StatusText status={status} />}
      {status && <Actions status={status} open={setDialog} />}
      <Dialogs dialog={dialog} close={() => setDialog(null)} changed={changed} />
    </Stack>
  );
}
