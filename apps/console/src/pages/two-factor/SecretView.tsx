// The secret of an enrolment, for an authenticator app: a QR code of the otpauth:// URI to scan,
// the key grouped for typing, and the link itself (which opens the app on the phone the console is
// open on).
import { useTranslation } from 'react-i18next';
import { Anchor, Box, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { groupSecret, type TwoFactorSetup } from './two-factor-types';

function Copy({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button size="xs" variant="light" onClick={copy}>
          {copied ? t('Copied') : label}
        </Button>
      )}
    </CopyButton>
  );
}

export function SecretView({ setup }: { setup: TwoFactorSetup }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text size="sm">{t('Scan this code with an authenticator app:')}</Text>
      {/* Dark on white with a quiet zone, as scanners need, whatever the theme. */}
      <Box bg="white" p="sm" w="fit-content">
        <QRCodeSVG value={setup.otpauth_uri} size={176} marginSize={2} title={t('QR code of the authenticator setup')} role="img" aria-label={t('QR code of the authenticator setup')} />
      </Box>
      <Text size="sm">
        {t('Or add an account with a setup key (time-based, {{digits}} digits every {{period}} seconds, {{algorithm}}):', { digits: setup.digits, period: setup.period, algorithm: setup.algorithm })}
      </Text>
      <Group>
        <Code fz="lg" data-testid="two-factor-secret">
          {groupSecret(setup.secret)}
        </Code>
        <Copy value={setup.secret} label={t('Copy the key')} />
      </Group>
      <Text size="sm">
        {t('Or, on the phone with the app, open this link:')} <Anchor href={setup.otpauth_uri}>{t('add to an authenticator app')}</Anchor> <Copy value={setup.otpauth_uri} label={t('Copy the link')} />
      </Text>
    </Stack>
  );
}
