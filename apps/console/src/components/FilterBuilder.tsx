// The filter builder of advanced searches and dayparting restrictions: one row per filter (field,
// operator, value), over every filter and operator the API has (libs/contracts' lists).
import { i18n, msg } from '../i18n';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { filterFields, filterOps } from '@airwave/contracts';
import type { Filter } from '../media/media-types';

const fieldLabels: Record<(typeof filterFields)[number], string> = {
  comments: msg('Comments'),
  artist: msg('Artist'),
  title: msg('Title'),
  album: msg('Album'),
  year: msg('Year'),
  type: msg('Type'),
  category: msg('Category'),
  country: msg('Country'),
  language: msg('Language'),
  genre: msg('Genre'),
  duration: msg('Duration (seconds)'),
  is_copyright_owner: msg('Copyright owner'),
  status: msg('Visibility'),
};
const opLabels: Record<(typeof filterOps)[number], string> = {
  eq: msg('is'),
  neq: msg('is not'),
  contains: msg('contains'),
  ncontains: msg('does not contain'),
  gt: msg('is more than'),
  gte: msg('is at least'),
  lt: msg('is less than'),
  lte: msg('is at most'),
  has: msg('has'),
  nhas: msg('does not have'),
};

/** A filter in words, as the builder shows it: "Genre is Jazz". */
export const describeFilter = (f: Filter) => i18n.t('{{field}} {{op}} {{value}}', { field: fieldLabels[f.filter] ? i18n.t(fieldLabels[f.filter]) : f.filter, op: opLabels[f.op] ? i18n.t(opLabels[f.op]) : f.op, value: String(f.val) });

/** The operators that apply to a field: comparisons for numbers, words for text (the server refuses the others). */
function opsFor(field: Filter['filter'], current: Filter['op']): Filter['op'][] {
  const ops: Filter['op'][] = field === 'year' || field === 'duration' ? ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'] : field === 'is_copyright_owner' ? ['eq', 'neq'] : ['eq', 'neq', 'contains', 'ncontains'];
  // A saved filter's operator (has, nhas) is still shown as it is.
  return ops.includes(current) ? ops : [...ops, current];
}

export function FilterBuilder({ filters, onChange, errors = {}, prefix = 'filters' }: { filters: Filter[]; onChange: (filters: Filter[]) => void; errors?: Record<string, string>; prefix?: string }) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<Filter>) => onChange(filters.map((f, i) => (i === index ? { ...f, ...patch } : f)));
  return (
    <Stack gap="xs">
      {filters.map((filter, index) => (
        <Group key={index} gap="xs" align="flex-start" role="group" aria-label={t('Filter {{number}}', { number: index + 1 })}>
          <Select
            aria-label={t('Filter {{number}} field', { number: index + 1 })}
            data={filterFields.map((f) => ({ value: f, label: t(fieldLabels[f]) }))}
            value={filter.filter}
            onChange={(v) => v && update(index, { filter: v as Filter['filter'], ...(opsFor(v as Filter['filter'], 'eq').includes(filter.op) ? {} : { op: 'eq' }) })}
            allowDeselect={false}
            w={170}
          />
          <Select aria-label={t('Filter {{number}} operator', { number: index + 1 })} data={opsFor(filter.filter, filter.op).map((o) => ({ value: o, label: t(opLabels[o]) }))} value={filter.op} onChange={(v) => v && update(index, { op: v as Filter['op'] })} allowDeselect={false} w={160} />
          <TextInput aria-label={t('Filter {{number}} value', { number: index + 1 })} value={String(filter.val)} onChange={(e) => update(index, { val: e.currentTarget.value })} error={errors[`${prefix}.${index}.val`] ?? errors[`${prefix}.${index}`]} w={200} />
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('Remove filter {{number}}', { number: index + 1 })} onClick={() => onChange(filters.filter((_, i) => i !== index))}>
            ✕
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button variant="light" size="xs" onClick={() => onChange([...filters, { filter: 'genre', op: 'eq', val: '' }])}>
          {t('Add a filter')}
        </Button>
      </Group>
    </Stack>
  );
}
