// What can be done with the selected items, offered by permission and by the list shown:
// edit; approve (the unapproved list: every selected item in one save, all or nothing); archive
// (approved or unapproved lists); restore and delete (archived); delete unapproved.
import { useTranslation } from 'react-i18next';
import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { api, ApiError, messageOf } from '../lib/api';
import { useSession } from '../session/session-context';
import type { Status } from './media-types';

interface Props {
  ids: number[];
  status: Status;
  /** An item's title, to name it in a refusal (the server names ids). */
  titleOf: (id: number) => string;
  /** Whether the user may edit media at all (create_own_media or manage_media). */
  mayEdit: boolean;
  /** The titles of selected items the user may not edit (the server refuses the whole edit then). */
  notEditable: string[];
  onEdit: () => void;
  onDone: () => void;
  onError: (message: string) => void;
}

export function LibraryActions({ ids, status, titleOf, mayEdit, notEditable, onEdit, onDone, onError }: Props) {
  const { t } = useTranslation();
  const session = useSession();
  const [confirming, setConfirming] = useState(false);
  const manage = session.can('manage_media');
  const none = ids.length === 0;

  const run = async (what: 'approve' | 'archive' | 'unarchive' | 'delete', done: string) => {
    setConfirming(false);
    try {
      if (what === 'approve') await api.media.save({ media: ids.map((id) => ({ id, is_approved: true })) });
      else await api.media[what]({ id: ids });
      notifications.show({ color: 'green', message: done });
      onDone();
    } catch (failure) {
      // Deleting approved items: the server lists their ids; they are named by their titles.
      const live = failure instanceof ApiError && what === 'delete' ? (failure.details as { ids?: number[] } | undefined)?.ids : undefined;
      const titles = live?.map((id) => `“${titleOf(id)}”`).join(', ');
      onError(live?.length ? t('Only archived or unapproved items can be deleted, and {{titles}} is approved. Nothing was deleted.', { titles, count: live.length }) : messageOf(failure));
    }
  };

  return (
    <Group gap="xs">
      <Text size="sm" aria-live="polite">
        {t('{{n}} selected', { n: ids.length })}
      </Text>
      {mayEdit && (
        <Button size="xs" disabled={none || notEditable.length > 0} onClick={onEdit}>
          {t('Edit')}
        </Button>
      )}
      {mayEdit && notEditable.length > 0 && (
        <Text size="xs" c="dimmed">
          {t('Not yours to edit: {{titles}}', { titles: notEditable.map((title) => `“${title}”`).join(', ') })}
        </Text>
      )}
      {manage && status === 'unapproved' && (
        <Button size="xs" disabled={none} onClick={() => void run('approve', t('{{n}} item(s) approved.', { n: ids.length }))}>
          {t('Approve')}
        </Button>
      )}
      {manage && status !== 'archived' && (
        <Button size="xs" variant="light" disabled={none} onClick={() => void run('archive', t('{{n}} item(s) archived.', { n: ids.length }))}>
          {t('Archive')}
        </Button>
      )}
      {manage && status === 'archived' && (
        <Button size="xs" variant="light" disabled={none} onClick={() => void run('unarchive', t('{{n}} item(s) restored.', { n: ids.length }))}>
          {t('Restore')}
        </Button>
      )}
      {manage && (
        <Button size="xs" color="red" variant="light" disabled={none} onClick={() => setConfirming(true)}>
          {t('Delete')}
        </Button>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('Delete for good?')}>
        <Text mb="md">
          {t('{{n}} item(s) and their files will be deleted. Only archived or unapproved items can be deleted; this cannot be undone.', { n: ids.length })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('Keep them')}
          </Button>
          <Button color="red" onClick={() => void run('delete', t('{{n}} item(s) deleted.', { n: ids.length }))}>
            {t('Delete {{n}} item(s)', { n: ids.length })}
          </Button>
        </Group>
      </Modal>
    </Group>
  );
}
