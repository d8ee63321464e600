// How an audio item sounds (issue 44; GET /media/analysis/:id), in the media editor: its loudness
// and true peak, and its waveform with the cue points, which whoever may edit the item drags or
// types and saves on their own (PUT, apart from the item's fields); "Back to the analysis" gives
// every point back. Waiting and undecodable files say so.
import { useTranslation } from 'react-i18next';
import { Badge, Button, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import type { MediaAnalysis } from '@airwave/contracts';
import type { z } from 'zod';
import { api, fieldErrors, messageOf } from '../lib/api';
import { Waveform, type CueMark } from './Waveform';

type Analysis = z.output<typeof MediaAnalysis>;
type CueKey = 'cue_in' | 'next_start' | 'cue_out';
type Cues = Record<CueKey, number>;

const cuesOf = (a: Analysis): Cues | null => (a.cue_in === null || a.cue_out === null || a.next_start === null ? null : { cue_in: a.cue_in, next_start: a.next_start, cue_out: a.cue_out });

export function SoundPanel({ mediaId, canEdit }: { mediaId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  const [draft, setDraft] = useState<Cues | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const show = (a: Analysis) => (setAnalysis(a), setDraft(cuesOf(a)));
  useEffect(() => {
    api.media.analysisGet({ id: mediaId }).then(show, () => setAnalysis(null));
  }, [mediaId]);

  if (!analysis) return null;
  if (analysis.status !== 'analysed' || !draft) {
    return <Text size="sm" c="dimmed">{analysis.status === 'undecodable' ? t('Its sound could not be analysed: {{reason}}', { reason: analysis.reason ?? '' }) : t('Waiting to be analysed.')}</Text>;
  }
  const save = async (body: Partial<Record<CueKey, number | null>>) => {
    setErrors({});
    try {
      show(await api.media.analysisCuesSet({ id: mediaId, ...body }));
      notifications.show({ color: 'green', message: t('Cue points saved.') });
    } catch (failure) {
      setErrors({ ...fieldErrors(failure), _all: messageOf(failure) });
    }
  };
  const labels: Record<CueKey, string> = { cue_in: t('Cue in (s)'), next_start: t('Next starts (s)'), cue_out: t('Cue out (s)') };
  const marks: CueMark<CueKey>[] = [
    { key: 'cue_in', at: draft.cue_in, label: labels.cue_in, color: 'var(--mantine-color-green-7)' },
    { key: 'next_start', at: draft.next_start, label: labels.next_start, color: 'var(--mantine-color-orange-7)' },
    { key: 'cue_out', at: draft.cue_out, label: labels.cue_out, color: 'var(--mantine-color-red-7)' },
  ];
  const edited = Object.values(analysis.edited).some((v) => v !== null);
  return (
    <Stack gap="xs" role="group" aria-label={t('Sound')}>
      <Group gap="md">
        <Text size="sm" fw={600}>
          {t('Sound')}
        </Text>
        <Text size="sm">{t('Loudness: {{lufs}} LUFS', { lufs: analysis.integrated_lufs?.toFixed(1) ?? '–' })}</Text>
        <Text size="sm">{t('True peak: {{db}} dBTP', { db: analysis.true_peak?.toFixed(1) ?? '–' })}</Text>
        {edited && <Badge variant="light">{t('Cue points edited')}</Badge>}
      </Group>
      <Waveform peaks={analysis.waveform} seconds={analysis.seconds ?? draft.cue_out} marks={marks} label={t('Waveform with its cue points')} onMove={canEdit ? (key, at) => setDraft({ ...draft, [key]: at }) : () => undefined} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {marks.map(({ key }) => (
          <NumberInput key={key} label={labels[key]} value={draft[key]} min={0} max={analysis.seconds ?? undefined} step={0.1} decimalScale={3} disabled={!canEdit} error={errors[key]} onChange={(v) => setDraft({ ...draft, [key]: Number(v) || 0 })} />
        ))}
      </SimpleGrid>
      {errors._all && !(errors.cue_in || errors.cue_out || errors.next_start) && <Text size="sm" c="red" role="alert">{errors._all}</Text>}
      {canEdit && (
        <Group justify="flex-end">
          {edited && <Button variant="default" onClick={() => void save({ cue_in: null, next_start: null, cue_out: null })}>{t('Back to the analysis')}</Button>}
          <Button variant="light" onClick={() => void save(draft)}>{t('Set cue points')}</Button>
        </Group>
      )}
    </Stack>
  );
}
