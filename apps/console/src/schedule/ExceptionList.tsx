// A series' exceptions in its dialog: each skipped, moved or replaced occurrence with a button to
// restore it (delete the exception), and, as a warning, those that no longer match an occurrence
// because the series' times changed (they are kept by the server and change nothing).
import { i18n } from '../i18n';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { localLabel } from './occurrence-io';
import type { EntryException } from './schedule-types';

interface Props {
  exceptions: EntryException[];
  zone: string;
  onRestore: (exceptionId: number) => void;
}

function describe(exception: EntryException, zone: string): string {
  const at = localLabel(exception.original_start, zone);
  const t = i18n.t;
  if (exception.skip) return t('{{at}}: skipped', { at });
  const moved = exception.start && Date.parse(exception.start) !== Date.parse(exception.original_start) ? t('moved to {{when}}', { when: localLabel(exception.start, zone) }) : t('changed');
  const length = exception.duration ? ` ${t('for {{count}} minutes', { count: exception.duration / 60 })}` : '';
  const item = 'item_type' in exception && exception.item_type ? `, ${exception.item_type === 'live' ? t('airs live') : t('airs {{type}} {{id}}', { type: t(exception.item_type), id: exception.item_id })}` : '';
  return `${at}: ${moved}${length}${item}`;
}

function Row({ exception, zone, onRestore, label }: { exception: EntryException; zone: string; onRestore: Props['onRestore']; label: string }) {
  const { t } = useTranslation();
  return (
    <List.Item>
      <Group gap="xs">
        <Text size="sm">{describe(exception, zone)}</Text>
        <Button size="compact-xs" variant="light" onClick={() => onRestore(exception.id)} aria-label={t('{{action}} the exception of {{when}}', { action: label, when: localLabel(exception.original_start, zone) })}>
          {label}
        </Button>
      </Group>
    </List.Item>
  );
}

export function ExceptionList({ exceptions, zone, onRestore }: Props) {
  const { t } = useTranslation();
  const stale = exceptions.filter((e) => !e.matches);
  const live = exceptions.filter((e) => e.matches);
  return (
    <Stack gap="xs">
      {stale.length > 0 && (
        <Alert color="orange" role="alert" title={t('Exceptions that no longer match')} data-testid="stale-exceptions">
          <Text size="sm">{t("The series' times changed, so these occurrences no longer exist: their exceptions are kept but change nothing. Delete them, or change the times back.")}</Text>
          <List>
            {stale.map((e) => (
              <Row key={e.id} exception={e} zone={zone} onRestore={onRestore} label={t('Delete')} />
            ))}
          </List>
        </Alert>
      )}
      {live.length > 0 && (
        <div data-testid="exceptions">
          <Text size="sm" fw={600}>
            {t('Occurrences changed one at a time')}
          </Text>
          <List>
            {live.map((e) => (
              <Row key={e.id} exception={e} zone={zone} onRestore={onRestore} label={t('Restore')} />
            ))}
          </List>
        </div>
      )}
    </Stack>
  );
}
