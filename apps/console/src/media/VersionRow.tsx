// One version of an item: when it was added, its format, length and size, its notes (editable),
// and, for those who may manage versions, make it active or delete it (never the active one).
import { useTranslation } from 'react-i18next';
import { Badge, Button, Group, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatDuration } from './media-types';
import { versionDate, type Version } from './versions-io';
import { displayLocale } from '../lib/locale';

interface Props {
  version: Version;
  manage: boolean;
  /** Runs an action on this version, reporting its outcome. */
  act: (action: 'notes' | 'activate' | 'delete', version: Version, notes?: string) => void;
}

export function VersionRow({ version, manage, act }: Props) {
  const { t } = useTranslation();
  const [notes, setNotes] = useState(version.notes);
  const when = versionDate(version);
  return (
    <Table.Tr data-version={version.created} data-active={version.active || undefined}>
      <Table.Td>{when}</Table.Td>
      <Table.Td>{version.format}</Table.Td>
      <Table.Td>{formatDuration(version.duration)}</Table.Td>
      <Table.Td>{t('{{value}} KiB', { value: (version.size / 1024).toLocaleString(displayLocale(), { maximumFractionDigits: 1 }) })}</Table.Td>
      <Table.Td>
        {manage ? (
          <Group gap={4} wrap="nowrap">
            <TextInput size="xs" aria-label={t('Notes of the version of {{when}}', { when })} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
            {notes !== version.notes && (
              <Button size="compact-xs" onClick={() => act('notes', version, notes)}>
                {t('Save notes')}
              </Button>
            )}
          </Group>
        ) : (
          version.notes
        )}
      </Table.Td>
      <Table.Td>
        {version.active ? (
          <Badge color="green.9">{t('Active')}</Badge>
        ) : (
          manage && (
            <Group gap={4} wrap="nowrap">
              <Button size="compact-xs" variant="light" onClick={() => act('activate', version)} aria-label={t('Make the version of {{when}} active', { when })}>
                {t('Make active')}
              </Button>
              <Button size="compact-xs" variant="light" color="red" onClick={() => act('delete', version)} aria-label={t('Delete the version of {{when}}', { when })}>
                {t('Delete')}
              </Button>
            </Group>
          )
        )}
      </Table.Td>
    </Table.Tr>
  );
}
