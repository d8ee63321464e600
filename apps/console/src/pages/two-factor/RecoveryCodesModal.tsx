// Ten recovery codes, shown once (after turning two-factor sign-in on, or renewing them): copy them
// or download them as a text file.
import { useTranslation } from 'react-i18next';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';
import { warningStyles } from './two-factor-types';

export interface ShownCodes {
  codes: string[];
  renewed: boolean;
}

function download(text: string, username: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `airwave-recovery-codes-${username}.txt`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function RecoveryCodesModal({ shown, username, onClose }: { shown: ShownCodes; username: string; onClose: () => void }) {
  const { t } = useTranslation();
  const text = `${t('Airwave recovery codes for {{username}} (each works once)', { username })}\n\n${shown.codes.join('\n')}\n`;
  return (
    <Modal opened onClose={onClose} size="lg" title={shown.renewed ? t('New recovery codes') : t('Your recovery codes')}>
      <Stack>
        <Alert color="yellow" styles={warningStyles} title={t('Shown only this once')}>
          {t('Keep these codes somewhere safe, away from your phone (a password manager, or printed). Each one signs you in once in place of a code from the app, if the phone is lost. They are not shown again: lost codes can only be replaced.')}
          {shown.renewed && ` ${t('The earlier codes no longer work.')}`}
        </Alert>
        <Code block data-testid="recovery-codes">
          {shown.codes.join('\n')}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={text}>{({ copied, copy }) => <Button variant="light" onClick={copy}>{copied ? t('Copied') : t('Copy the codes')}</Button>}</CopyButton>
          <Button variant="light" onClick={() => download(text, username)}>
            {t('Download as text')}
          </Button>
          <Button onClick={onClose}>{t('I have kept them')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
