// A signing secret, shown once: after registering a webhook, or after replacing its secret.
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useLastOf } from './use-last-of';

export interface ShownSecret {
  name: string;
  secret: string;
  /** A replacement: the old secret still signs for 24 hours. */
  replaced: boolean;
}

export function SecretModal({ shown: current, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  const shown = useLastOf(current);
  return (
    <Modal opened={current !== null} onClose={onClose} size="lg" title={shown?.replaced ? `New signing secret of ${shown.name}` : `Signing secret of ${shown?.name ?? ''}`}>
      {shown && (
        <Stack>
          <Alert color="yellow" title="Shown only this once">
            Copy it now and give it to the receiver, which checks each delivery&apos;s signature with it. It is not shown again: a lost secret can only be replaced.
          </Alert>
          {shown.replaced && <Text>The old secret keeps signing deliveries for 24 hours (each delivery carries both signatures): update the receiver within a day.</Text>}
          <Code block data-testid="webhook-secret">
            {shown.secret}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={shown.secret}>{({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy the secret'}</Button>}</CopyButton>
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
