// The as-run page's filters: the days (in the player's zone), title, artist and show words, the source;
// applied together (the server filters), the day before or after at a press.
import { useTranslation } from 'react-i18next';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { DateTime } from 'luxon';
import { useState, type FormEvent } from 'react';
import { sources, type AsRunFilter } from './as-run-types';

interface Props {
  applied: AsRunFilter;
  onApply: (filter: AsRunFilter) => void;
  errors: Record<string, string>;
}

const shifted = (day: string, days: number) => DateTime.fromISO(day).plus({ days }).toISODate()!;

export function AsRunFilters({ applied, onApply, errors }: Props) {
  const { t } = useTranslation();
  const [form, setForm] = useState(applied);
  const [backwards, setBackwards] = useState(false);
  const set = (name: keyof AsRunFilter) => (value: string) => setForm((f) => ({ ...f, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Dates as YYYY-MM-DD compare as text.
    const until = form.until || form.from;
    setBackwards(until < form.from);
    if (until >= form.from) onApply({ ...form, until });
  };
  // The day before the first one shown, or after the last, with the same words.
  const day = (next: string) => onApply({ ...applied, from: next, until: next });
  return (
    <form onSubmit={submit} aria-label={t('Filters')}>
      <Group align="flex-start">
        <TextInput type="date" label={t('From')} required value={form.from} onChange={(e) => set('from')(e.currentTarget.value)} error={errors.date_start} />
        <TextInput type="date" label={t('Until')} value={form.until} onChange={(e) => set('until')(e.currentTarget.value)} error={backwards ? t('The last day must not be before the first.') : errors.date_end} />
        <TextInput label={t('Title contains')} value={form.title} onChange={(e) => set('title')(e.currentTarget.value)} w={200} />
        <TextInput label={t('Artist contains')} value={form.artist} onChange={(e) => set('artist')(e.currentTarget.value)} w={200} />
        <TextInput label={t('Show contains')} value={form.show} onChange={(e) => set('show')(e.currentTarget.value)} w={200} />
        <Select label={t('Source')} allowDeselect={false} w={180} data={sources.map((s) => ({ value: s.value, label: t(s.label) }))} value={form.context} onChange={(v) => set('context')(v ?? '')} />
        <Button type="submit" mt={25}>
          {t('Apply filters')}
        </Button>
      </Group>
      <Group mt="xs">
        <Button variant="default" size="xs" onClick={() => day(shifted(applied.from, -1))}>{t('Previous day')}</Button>
        <Button variant="default" size="xs" onClick={() => day(shifted(applied.until || applied.from, 1))}>{t('Next day')}</Button>
      </Group>
    </form>
  );
}
