import { ActionIcon, Button, Checkbox, Group, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { formatDuration, type Media, type SearchState } from './media-types';
import { Thumbnail } from './Thumbnail';
import { displayLocale } from '../lib/locale';

const columns = [
  { key: 'title', label: 'Title', sort: 'title' },
  { key: 'artist', label: 'Artist', sort: 'artist' },
  { key: 'album', label: 'Album', sort: 'album' },
  { key: 'year', label: 'Year', sort: 'year' },
  { key: 'genre', label: 'Genre', sort: null },
  { key: 'duration', label: 'Duration', sort: 'duration' },
  { key: 'updated', label: 'Updated', sort: 'updated' },
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
}

/** One page of results: select rows, sort by a column, open an item, listen to it. */
export function MediaTable({ items, selected, onSelect, search, onSort, onEdit, mayEdit, onListen, onVersions }: Props) {
  const all = items.length > 0 && items.every((i) => selected.has(i.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  return (
    <Table striped highlightOnHover aria-label="Media items" stickyHeader>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <Checkbox aria-label="Select every item on this page" checked={all} onChange={() => onSelect(all ? new Set() : new Set(items.map((i) => i.id)))} />
          </Table.Th>
          <Table.Th>
            <VisuallyHidden>Thumbnail</VisuallyHidden>
          </Table.Th>
          {columns.map((c) => (
            <Table.Th key={c.key} aria-sort={search.sortBy === c.sort ? (search.sortDir === 'asc' ? 'ascending' : 'descending') : undefined}>
              {c.sort ? (
                <UnstyledButton onClick={() => onSort(c.sort)} fw={600}>
                  {c.label} {search.sortBy === c.sort ? (search.sortDir === 'asc' ? '▲' : '▼') : ''}
                </UnstyledButton>
              ) : (
                c.label
              )}
            </Table.Th>
          ))}
          <Table.Th>
            <VisuallyHidden>Listen and versions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id} data-media-id={item.id}>
            <Table.Td>
              <Checkbox aria-label={`Select ${item.title}`} checked={selected.has(item.id)} onChange={() => toggle(item.id)} />
            </Table.Td>
            <Table.Td>
              <Thumbnail item={item} />
            </Table.Td>
            <Table.Td>
              {mayEdit(item) ? (
                <UnstyledButton onClick={() => onEdit(item)} td="underline" aria-label={`Edit ${item.title}`}>
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
              <Group gap={4} wrap="nowrap">
                {(item.type === 'audio' || item.type === 'video') && (
                  <ActionIcon variant="subtle" aria-label={`Listen to ${item.title}`} onClick={() => onListen(item)}>
                    ▶
                  </ActionIcon>
                )}
                <Button size="compact-xs" variant="subtle" aria-label={`Versions of ${item.title}`} onClick={() => onVersions(item)}>
                  Versions
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
