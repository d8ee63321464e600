// Asks before an action that cannot be undone (deleting a webhook, replacing its secret).
import { useTranslation } from 'react-i18next';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useLastOf } from './use-last-of';

export interface Confirmation {
  title: string;
  text: string;
  confirm: string;
  run: () => Promise<void>;
}

export function ConfirmModal({ asking: current, onClose }: { asking: Confirmation | null; onClose: () => void }) {
  const { t } = useTranslation();
  const asking = useLastOf(current);
  return (
    <Modal opened={current !== null} onClose={onClose} title={asking?.title ?? ''}>
      {asking && (
        <Stack>
          <Text>{asking.text}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('Cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                onClose();
                void asking.run();
              }}
            >
              {asking.confirm}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
