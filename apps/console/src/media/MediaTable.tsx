import { msg } from '../i18n';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Button, Checkbox, Group, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { formatDuration, type Media, type SearchState } from './media-types';
import { Thumbnail } from './Thumbnail';
import { SoundCell, type Sound } from './SoundColumns';
import { displayLocale } from '../lib/locale';

const columns = [
  { key: 'title', label: msg('Title'), sort: 'title' },
  { key: 'artist', label: msg('Artist'), sort: 'artist' },
  { key: 'album', label: msg('Album'), sort: 'album' },
  { key: 'year', label: msg('Year'), sort: 'year' },
  { key: 'genre', label: msg('Genre'), sort: null },
  { key: 'duration', label: msg('Duration'), sort: 'duration' },
  { key: 'updated', label: msg('Updated'), sort: 'updated' },
  { key: 'loudness', label: msg('Loudness'), sort: null },
  { key: 'peak', label: msg('Peak'), sort: null },
] as const;

interface Props {
  items: Media[];
  selected: Set<number>;
  onSelect: (selected: Set<number>) => void;
  search: SearchState;
  onSort: (sortBy: SearchState['sortBy']) => void;
  onEdit: (item: Media) => void;
  /** Whether the user may edit the item (the server's check: its editors, holding create_own_media or manage_media). */
  mayEdit: (item: Media) => boolean;
  onListen: (item: Media) => void;
  onVersions: (item: Media) => void;
  /** The page's audio items' loudness and true peak, by id. */
  sound: ReadonlyMap<number, Sound>;
}

/** One page of results: select rows, sort by a column, open an item, listen to it. */
export function MediaTable({ items, selected, onSelect, search, onSort, onEdit, mayEdit, onListen, onVersions, sound }: Props) {
  const { t } = useTranslation();
  const all = items.length > 0 && items.every((i) => selected.has(i.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  return (
    <Table striped highlightOnHover aria-label={t('Media items')} stickyHeader>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <Checkbox aria-label={t('Select every item on this page')} checked={all} onChange={() => onSelect(all ? new Set() : new Set(items.map((i) => i.id)))} />
          </Table.Th>
          <Table.Th>
            <VisuallyHidden>{t('Thumbnail')}</VisuallyHidden>
          </Table.Th>
          {columns.map((c) => (
            <Table.Th key={c.key} aria-sort={search.sortBy === c.sort ? (search.sortDir === 'asc' ? 'ascending' : 'descending') : undefined}>
              {c.sort ? (
                <UnstyledButton onClick={() => onSort(c.sort)} fw={600}>
                  {t(c.label)} {search.sortBy === c.sort ? (search.sortDir === 'asc' ? '▲' : '▼') : ''}
                </UnstyledButton>
              ) : (
                t(c.label)
              )}
            </Table.Th>
          ))}
          <Table.Th>
            <VisuallyHidden>{t('Listen and versions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id} data-media-id={item.id}>
            <Table.Td>
              <Checkbox aria-label={t('Select {{title}}', { title: item.title })} checked={selected.has(item.id)} onChange={() => toggle(item.id)} />
            </Table.Td>
            <Table.Td>
              <Thumbnail item={item} />
            </Table.Td>
            <Table.Td>
              {mayEdit(item) ? (
                <UnstyledButton onClick={() => onEdit(item)} td="underline" aria-label={t('Edit {{title}}', { title: item.title })}>
                  {item.title}
                </UnstyledButton>
              ) : (
                <Text size="sm">{item.title}</Text>
              )}
            </Table.Td>
            <Table.Td>{item.artist}</Table.Td>
            <Table.Td>{item.album}</Table.Td>
            <Table.Td>{item.year ?? ''}</Table.Td>
            <Table.Td>{item.genre}</Table.Td>
            <Table.Td>{formatDuration(item.duration)}</Table.Td>
            <Table.Td>
              <Text size="sm">{new Date(item.updated).toLocaleDateString(displayLocale())}</Text>
            </Table.Td>
            <Table.Td>
              <SoundCell figures={sound.get(item.id)} unit="LUFS" value={(f) => f.integrated_lufs} />
            </Table.Td>
            <Table.Td>
              <SoundCell figures={sound.get(item.id)} unit="dBTP" value={(f) => f.true_peak} />
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                {(item.type === 'audio' || item.type === 'video') && (
                  <ActionIcon variant="subtle" aria-label={t('Listen to {{title}}', { title: item.title })} onClick={() => onListen(item)}>
                    ▶
                  </ActionIcon>
                )}
                <Button size="compact-xs" variant="subtle" aria-label={t('Versions of {{title}}', { title: item.title })} onClick={() => onVersions(item)}>
                  {t('Versions')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
