// A signing secret, shown once: after registering a webhook, or after replacing its secret.
import { useTranslation } from 'react-i18next';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useLastOf } from './use-last-of';

export interface ShownSecret {
  name: string;
  secret: string;
  /** A replacement: the old secret still signs for 24 hours. */
  replaced: boolean;
}

export function SecretModal({ shown: current, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  const { t } = useTranslation();
  const shown = useLastOf(current);
  return (
    <Modal opened={current !== null} onClose={onClose} size="lg" title={shown?.replaced ? t('New signing secret of {{name}}', { name: shown.name }) : t('Signing secret of {{name}}', { name: shown?.name ?? '' })}>
      {shown && (
        <Stack>
          <Alert color="yellow" title={t('Shown only this once')}>
            {t("Copy it now and give it to the receiver, which checks each delivery's signature with it. It is not shown again: a lost secret can only be replaced.")}
          </Alert>
          {shown.replaced && <Text>{t('The old secret keeps signing deliveries for 24 hours (each delivery carries both signatures): update the receiver within a day.')}</Text>}
          <Code block data-testid="webhook-secret">
            {shown.secret}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={shown.secret}>{({ copied, copy }) => <Button onClick={copy}>{copied ? t('Copied') : t('Copy the secret')}</Button>}</CopyButton>
            <Button variant="default" onClick={onClose}>
              {t('Done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
