// One dayparting restriction: from a day and time of the year to another (running over the new
// year when it ends before it starts), and the media it keeps out of dynamic selection (filters).
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FilterBuilder } from '../components/FilterBuilder';
import { api, fieldErrors, messageOf } from '../lib/api';
import type { Filter } from '../media/media-types';
import { monthChoices, wrapsYear, type Restriction } from './dayparting-types';


export function DaypartingForm({ initial, onClose, onSaved }: { initial: Restriction; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [r, setR] = useState({ ...initial, filters: initial.filters as Filter[] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof typeof r>(name: K, value: (typeof r)[K]) => setR((x) => ({ ...x, [name]: value }));

  const save = async () => {
    setErrors({});
    setError(null);
    // A filter without a value would keep out nothing, or everything: refused before asking the server (which refuses it too).
    const empty = Object.fromEntries(r.filters.flatMap((f, i) => (String(f.val).trim() === '' ? [[`filters.${i}.val`, t('Enter a value, or remove this filter.')]] : [])));
    if (Object.keys(empty).length) return setErrors(empty);
    try {
      await api.scheduling.daypartingSave({ ...r, start_time: r.start_time.slice(0, 5), end_time: r.end_time.slice(0, 5) });
      onSaved();
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setError(messageOf(failure));
    }
  };

  const end = (which: 'start' | 'end', label: string) => (
    <SimpleGrid cols={3}>
      <Select label={t('{{end}} month', { end: label })} data={monthChoices()} value={String(r[`${which}_month`])} onChange={(v) => v && set(`${which}_month`, Number(v))} allowDeselect={false} error={errors[`${which}_month`]} />
      <NumberInput label={t('{{end}} day', { end: label })} min={1} max={31} value={r[`${which}_day`]} onChange={(v) => set(`${which}_day`, Number(v) || 1)} error={errors[`${which}_day`]} />
      <TextInput type="time" label={t('{{end}} time', { end: label })} value={r[`${which}_time`].slice(0, 5)} onChange={(e) => set(`${which}_time`, e.currentTarget.value)} error={errors[`${which}_time`]} />
    </SimpleGrid>
  );

  return (
    <Modal opened onClose={onClose} size="xl" title={r.id ? t('Edit restriction') : t('New restriction')}>
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label={t('Description')} value={r.description} onChange={(e) => set('description', e.currentTarget.value)} error={errors.description} />
        {end('start', t('From'))}
        {end('end', t('Until'))}
        {wrapsYear(r) && (
          <Group>
            <Badge color="orange" variant="light">
              {t('Runs over the new year')}
            </Badge>
            <Text size="sm">{t('It ends on an earlier date than it starts, so it runs from the start, past 31 December, to the end.')}</Text>
          </Group>
        )}
        <Text fw={600} size="sm">
          {t('Media kept out of dynamic selection in that period')}
        </Text>
        <FilterBuilder filters={r.filters} onChange={(filters) => set('filters', filters)} errors={errors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button onClick={() => void save()}>{t('Save restriction')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
