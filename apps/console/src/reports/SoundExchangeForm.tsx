// SoundExchange's report of use for the period (GET /players/{id}/reports/soundexchange): the
// transmission category (one letter, A to K, chosen: none is assumed) and the service's name (the
// player's unless changed), saved as the file the delivery specification names.
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Paper, Select, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { messageOf } from '../lib/api';
import { downloadSoundExchange } from './report-files';
import { categories } from './report-types';

interface Props {
  playerId: number;
  playerName: string;
  window: { start: string; end: string };
}

export function SoundExchangeForm({ playerId, playerName, window }: Props) {
  const { t } = useTranslation();
  const [category, setCategory] = useState<string | null>(null);
  const [service, setService] = useState(playerName);
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ error: string } | { recordings: number } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMissing(!category);
    if (!category) return;
    setSaving(true);
    setOutcome(null);
    try {
      setOutcome({ recordings: await downloadSoundExchange(playerId, window, category, service) });
    } catch (failure) {
      setOutcome({ error: messageOf(failure) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="report-soundexchange">
      <Title order={3} size="h4" id="report-soundexchange">{t('SoundExchange report of use')}</Title>
      <Text size="sm" mt={4}>{t('Each recording of the library aired in the period with its actual total performances, as tab-separated text.')}</Text>
      <form onSubmit={(event) => void submit(event)} aria-label={t('SoundExchange report of use')}>
        <Group align="flex-start" mt="sm">
          <Select
            label={t('Transmission category')}
            required
            w={{ base: '100%', sm: 460 }}
            data={categories.map((c) => ({ value: c.value, label: t(c.label) }))}
            value={category}
            onChange={(value) => {
              setCategory(value);
              setMissing(false);
            }}
            error={missing ? t('Choose the transmission category.') : undefined}
          />
          <TextInput label={t('Name of the service, with its call letters')} w={{ base: '100%', sm: 260 }} value={service} onChange={(e) => setService(e.currentTarget.value)} />
          <Button type="submit" mt={25} loading={saving}>
            {t('Download the report')}
          </Button>
        </Group>
      </form>
      {outcome && 'error' in outcome && <Alert color="red" role="alert" mt="sm" title={t('The report could not be made')}>{outcome.error}</Alert>}
      {outcome && 'recordings' in outcome && <Text size="sm" mt="sm" role="status">{t('{{count}} recordings in the report.', { count: outcome.recordings })}</Text>}
    </Paper>
  );
}
