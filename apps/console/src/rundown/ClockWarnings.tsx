// A clock block's warnings: what its hour could not do (a category with no song that may air, an
// hour left short), as the server says them.
import { useTranslation } from 'react-i18next';
import { Alert, List } from '@mantine/core';
import type { Block } from './rundown-types';

/** What a clock's hour could not do (a category with no song that may air, an hour left short): a note, as FillNotice. */
export function ClockWarnings({ block }: { block: Block }) {
  const { t } = useTranslation();
  if (block.kind !== 'clock' || !block.warnings?.length) return null;
  return (
    <Alert role="note" color="orange" variant="light" mt="xs" p="xs" title={t('What this hour’s clock could not do')}>
      <List size="sm">{block.warnings.map((warning) => <List.Item key={warning}>{warning}</List.Item>)}</List>
    </Alert>
  );
}
