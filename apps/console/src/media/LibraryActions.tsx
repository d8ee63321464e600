// What can be done with the selected items, offered by permission and by the list shown:
// edit; archive (approved or unapproved lists); restore and delete (archived); delete unapproved.
import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { api, messageOf } from '../lib/api';
import { useSession } from '../session/session-context';
import type { Status } from './media-types';

export function LibraryActions({ ids, status, onEdit, onDone, onError }: { ids: number[]; status: Status; onEdit: () => void; onDone: () => void; onError: (message: string) => void }) {
  const session = useSession();
  const [confirming, setConfirming] = useState(false);
  const manage = session.can('manage_media');
  const none = ids.length === 0;

  const run = async (what: 'archive' | 'unarchive' | 'delete', done: string) => {
    setConfirming(false);
    try {
      await api.media[what]({ id: ids });
      notifications.show({ color: 'green', message: done });
      onDone();
    } catch (failure) {
      onError(messageOf(failure));
    }
  };

  return (
    <Group gap="xs">
      <Text size="sm" aria-live="polite">
        {ids.length} selected
      </Text>
      <Button size="xs" disabled={none} onClick={onEdit}>
        Edit
      </Button>
      {manage && status !== 'archived' && (
        <Button size="xs" variant="light" disabled={none} onClick={() => void run('archive', `${ids.length} item(s) archived.`)}>
          Archive
        </Button>
      )}
      {manage && status === 'archived' && (
        <Button size="xs" variant="light" disabled={none} onClick={() => void run('unarchive', `${ids.length} item(s) restored.`)}>
          Restore
        </Button>
      )}
      {manage && (
        <Button size="xs" color="red" variant="light" disabled={none} onClick={() => setConfirming(true)}>
          Delete
        </Button>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Delete for good?">
        <Text mb="md">
          {ids.length} item(s) and their files will be deleted. Only archived or unapproved items can be deleted; this cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Keep them
          </Button>
          <Button color="red" onClick={() => void run('delete', `${ids.length} item(s) deleted.`)}>
            Delete {ids.length} item(s)
          </Button>
        </Group>
      </Modal>
    </Group>
  );
}
