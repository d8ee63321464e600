// The server's CSVs of the period: its plays with who heard each (GET …/plays.csv) and its
// listening hour by hour (GET …/listeners/summary.csv), each saved as the server names it.
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group } from '@mantine/core';
import { useState } from 'react';
import { messageOf } from '../lib/api';
import { downloadFile } from './report-files';
import { fileName, type Period } from './report-types';

interface Props {
  playerId: number;
  playerName: string;
  period: Period;
  window: { start: string; end: string };
}

export function ReportDownloads({ playerId, playerName, period, window }: Props) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = async (kind: 'plays' | 'listeners', path: string) => {
    setSaving(kind);
    setError(null);
    try {
      await downloadFile(`/players/${playerId}${path}`, window, fileName(kind, playerName, period));
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setSaving(null);
    }
  };
  return (
    <>
      <Group gap="sm">
        <Button variant="light" loading={saving === 'plays'} onClick={() => void save('plays', '/plays.csv')}>{t('Download the plays (CSV)')}</Button>
        <Button variant="light" loading={saving === 'listeners'} onClick={() => void save('listeners', '/listeners/summary.csv')}>{t('Download the listening (CSV)')}</Button>
      </Group>
      {error && <Alert color="red" role="alert" title={t('The CSV could not be made')} withCloseButton closeButtonLabel={t('Dismiss')} onClose={() => setError(null)}>{error}</Alert>}
    </>
  );
}
