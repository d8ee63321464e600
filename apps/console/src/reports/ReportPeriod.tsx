// The report's period: the first and last days in the player's zone (at most 31 days: a longer
// period is the server's to refuse, its message shown under the last day), the last 7 days at a press.
import { useTranslation } from 'react-i18next';
import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { lastWeek, type Period } from './report-types';

interface Props {
  applied: Period;
  zone: string;
  onApply: (period: Period) => void;
  errors: Record<string, string>;
}

export function ReportPeriod({ applied, zone, onApply, errors }: Props) {
  const { t } = useTranslation();
  const [form, setForm] = useState(applied);
  const [backwards, setBackwards] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Dates as YYYY-MM-DD compare as text.
    const until = form.until || form.from;
    setBackwards(until < form.from);
    if (until >= form.from) onApply({ from: form.from, until });
  };
  return (
    <form onSubmit={submit} aria-label={t('Period')}>
      <Group align="flex-start">
        <TextInput type="date" label={t('From')} required value={form.from} onChange={(e) => setForm({ ...form, from: e.currentTarget.value })} error={errors.start} />
        <TextInput type="date" label={t('Until')} value={form.until} onChange={(e) => setForm({ ...form, until: e.currentTarget.value })} error={backwards ? t('The last day must not be before the first.') : errors.end} />
        <Button type="submit" mt={25}>
          {t('Show the report')}
        </Button>
        <Button variant="default" mt={25} onClick={() => onApply(lastWeek(zone))}>
          {t('The last 7 days')}
        </Button>
      </Group>
    </form>
  );
}
