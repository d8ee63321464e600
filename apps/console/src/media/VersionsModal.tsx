// The versions of one media item: the list (newest first, the active one marked), and for those
// who may manage them (the item's editors with create_own_media or manage_media): add a file as a
// new version with notes, edit notes, make a version active, delete one. The server's refusals
// (deleting the active version, a file of another type) are shown in the dialog.
import { msg } from '../i18n';
import { useTranslation } from 'react-i18next';
import { Alert, Button, FileInput, Group, Modal, Progress, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../lib/api';
import type { Media } from './media-types';
import { VersionRow } from './VersionRow';
import { activateVersion, addVersion, deleteVersion, listVersions, saveNotes, type Version } from './versions-io';
import { useReturnFocus } from '../components/use-return-focus';

const done = { notes: msg('Notes saved.'), activate: msg('That version is now the active one.'), delete: msg('Version deleted.') };

export function VersionsModal({ item, manage, onClose, onChanged }: { item: Media; manage: boolean; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  useReturnFocus();
  const [versions, setVersions] = useState<Version[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [notes, setNotes] = useState('');
  const [progress, setProgress] = useState<number | null>(null);

  const load = useCallback(() => listVersions(item.id).then(setVersions, (failure: unknown) => setError(messageOf(failure))), [item.id]);
  useEffect(() => void load(), [load]);

  const run = async (action: () => Promise<unknown>, message: string) => {
    setError(null);
    try {
      await action();
      notifications.show({ color: 'green', message });
      await load();
      onChanged();
    } catch (failure) {
      setError(messageOf(failure));
    }
  };
  const act = (what: keyof typeof done, version: Version, text?: string) =>
    void run(() => (what === 'notes' ? saveNotes(version, text ?? '') : what === 'activate' ? activateVersion(version) : deleteVersion(version)), t(done[what]));
  const add = async () => {
    await run(() => addVersion(item.id, file!, notes, setProgress), t('Version added.'));
    setProgress(null);
    setFile(null);
    setNotes('');
  };

  return (
    <Modal opened onClose={onClose} size="xl" title={t('Versions of {{title}}', { title: item.title })}>
      <Stack>
        {error && (
          <Alert color="red" role="alert" title={t('Not done')}>
            {error}
          </Alert>
        )}
        {versions === null ? (
          <Text size="sm">{t('Loading…')}</Text>
        ) : (
          <Table aria-label={t('Versions of {{title}}', { title: item.title })}>
            <Table.Thead>
              <Table.Tr>
                {[t('Added'), t('Format'), t('Duration'), t('Size'), t('Notes'), t('State')].map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versions.map((v) => (
                <VersionRow key={`${v.created}-${v.notes}-${v.active}`} version={v} manage={manage} act={act} />
              ))}
            </Table.Tbody>
          </Table>
        )}
        {manage && (
          <Group align="flex-end">
            <FileInput label={t('File of a new version')} placeholder={t('Choose a file')} value={file} onChange={setFile} clearable w={260} />
            <TextInput label={t('Its notes')} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
            <Button disabled={!file || progress !== null} onClick={() => void add()}>
              {t('Add version')}
            </Button>
          </Group>
        )}
        {progress !== null && <Progress value={progress * 100} aria-label={t('Upload of the new version')} />}
      </Stack>
    </Modal>
  );
}
