// The filter builder of advanced searches and dayparting restrictions: one row per filter (field,
// operator, value), over every filter and operator the API has (libs/contracts' lists).
import { ActionIcon, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { filterFields, filterOps } from '@airwave/contracts';
import type { Filter } from '../media/media-types';

const fieldLabels: Record<(typeof filterFields)[number], string> = {
  comments: 'Comments',
  artist: 'Artist',
  title: 'Title',
  album: 'Album',
  year: 'Year',
  type: 'Type',
  category: 'Category',
  country: 'Country',
  language: 'Language',
  genre: 'Genre',
  duration: 'Duration (seconds)',
  is_copyright_owner: 'Copyright owner',
  status: 'Visibility',
};
const opLabels: Record<(typeof filterOps)[number], string> = {
  eq: 'is',
  neq: 'is not',
  contains: 'contains',
  ncontains: 'does not contain',
  gt: 'is more than',
  gte: 'is at least',
  lt: 'is less than',
  lte: 'is at most',
  has: 'has',
  nhas: 'does not have',
};

/** A filter in words, as the builder shows it: "Genre is Jazz". */
export const describeFilter = (f: Filter) => `${fieldLabels[f.filter] ?? f.filter} ${opLabels[f.op] ?? f.op} ${String(f.val)}`;

/** The operators that apply to a field: comparisons for numbers, words for text (the server refuses the others). */
function opsFor(field: Filter['filter'], current: Filter['op']): Filter['op'][] {
  const ops: Filter['op'][] = field === 'year' || field === 'duration' ? ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'] : field === 'is_copyright_owner' ? ['eq', 'neq'] : ['eq', 'neq', 'contains', 'ncontains'];
  // A saved filter's operator (has, nhas) is still shown as it is.
  return ops.includes(current) ? ops : [...ops, current];
}

export function FilterBuilder({ filters, onChange, errors = {}, prefix = 'filters' }: { filters: Filter[]; onChange: (filters: Filter[]) => void; errors?: Record<string, string>; prefix?: string }) {
  const update = (index: number, patch: Partial<Filter>) => onChange(filters.map((f, i) => (i === index ? { ...f, ...patch } : f)));
  return (
    <Stack gap="xs">
      {filters.map((filter, index) => (
        <Group key={index} gap="xs" align="flex-start" role="group" aria-label={`Filter ${index + 1}`}>
          <Select
            aria-label={`Filter ${index + 1} field`}
            data={filterFields.map((f) => ({ value: f, label: fieldLabels[f] }))}
            value={filter.filter}
            onChange={(v) => v && update(index, { filter: v as Filter['filter'], ...(opsFor(v as Filter['filter'], 'eq').includes(filter.op) ? {} : { op: 'eq' }) })}
            allowDeselect={false}
            w={170}
          />
          <Select aria-label={`Filter ${index + 1} operator`} data={opsFor(filter.filter, filter.op).map((o) => ({ value: o, label: opLabels[o] }))} value={filter.op} onChange={(v) => v && update(index, { op: v as Filter['op'] })} allowDeselect={false} w={160} />
          <TextInput aria-label={`Filter ${index + 1} value`} value={String(filter.val)} onChange={(e) => update(index, { val: e.currentTarget.value })} error={errors[`${prefix}.${index}.val`] ?? errors[`${prefix}.${index}`]} w={200} />
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove filter ${index + 1}`} onClick={() => onChange(filters.filter((_, i) => i !== index))}>
            ✕
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button variant="light" size="xs" onClick={() => onChange([...filters, { filter: 'genre', op: 'eq', val: '' }])}>
          Add a filter
        </Button>
      </Group>
    </Stack>
  );
}
