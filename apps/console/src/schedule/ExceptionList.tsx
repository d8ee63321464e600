// A series' exceptions in its dialog: each skipped, moved or replaced occurrence with a button to
// restore it (delete the exception), and, as a warning, those that no longer match an occurrence
// because the series' times changed (they are kept by the server and change nothing).
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
  if (exception.skip) return `${at}: skipped`;
  const moved = exception.start && Date.parse(exception.start) !== Date.parse(exception.original_start) ? ` moved to ${localLabel(exception.start, zone)}` : '';
  const length = exception.duration ? ` for ${exception.duration / 60} minutes` : '';
  const item = 'item_type' in exception && exception.item_type ? `, airs ${exception.item_type === 'live' ? 'live' : `${exception.item_type} ${exception.item_id}`}` : '';
  return `${at}:${moved || ' changed'}${length}${item}`;
}

function Row({ exception, zone, onRestore, label }: { exception: EntryException; zone: string; onRestore: Props['onRestore']; label: string }) {
  return (
    <List.Item>
      <Group gap="xs">
        <Text size="sm">{describe(exception, zone)}</Text>
        <Button size="compact-xs" variant="light" onClick={() => onRestore(exception.id)} aria-label={`${label} the exception of ${localLabel(exception.original_start, zone)}`}>
          {label}
        </Button>
      </Group>
    </List.Item>
  );
}

export function ExceptionList({ exceptions, zone, onRestore }: Props) {
  const stale = exceptions.filter((e) => !e.matches);
  const live = exceptions.filter((e) => e.matches);
  return (
    <Stack gap="xs">
      {stale.length > 0 && (
        <Alert color="orange" role="alert" title="Exceptions that no longer match" data-testid="stale-exceptions">
          <Text size="sm">The series&apos; times changed, so these occurrences no longer exist: their exceptions are kept but change nothing. Delete them, or change the times back.</Text>
          <List>
            {stale.map((e) => (
              <Row key={e.id} exception={e} zone={zone} onRestore={onRestore} label="Delete" />
            ))}
          </List>
        </Alert>
      )}
      {live.length > 0 && (
        <div data-testid="exceptions">
          <Text size="sm" fw={600}>
            Occurrences changed one at a time
          </Text>
          <List>
            {live.map((e) => (
              <Row key={e.id} exception={e} zone={zone} onRestore={onRestore} label="Restore" />
            ))}
          </List>
        </div>
      )}
    </Stack>
  );
}
