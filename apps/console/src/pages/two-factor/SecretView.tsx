// The secret of an enrolment, for an authenticator app: the key grouped for typing, and the
// otpauth:// link (which opens the app on the phone the console is open on). No QR code: the
// console has no QR library (docs/console.md).
import { Anchor, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { groupSecret, type TwoFactorSetup } from './two-factor-types';

function Copy({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button size="xs" variant="light" onClick={copy}>
          {copied ? 'Copied' : label}
        </Button>
      )}
    </CopyButton>
  );
}

export function SecretView({ setup }: { setup: TwoFactorSetup }) {
  return (
    <Stack gap="xs">
      <Text size="sm">
        In the app, add an account with a setup key (time-based, {setup.digits} digits every {setup.period} seconds, {setup.algorithm}):
      </Text>
      <Group>
        <Code fz="lg" data-testid="two-factor-secret">
          {groupSecret(setup.secret)}
        </Code>
        <Copy value={setup.secret} label="Copy the key" />
      </Group>
      <Text size="sm">
        Or, on the phone with the app, open this link: <Anchor href={setup.otpauth_uri}>add to an authenticator app</Anchor> <Copy value={setup.otpauth_uri} label="Copy the link" />
      </Text>
    </Stack>
  );
}
