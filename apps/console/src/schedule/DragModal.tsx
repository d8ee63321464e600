// The question a drag or a resize asks before it changes anything: for an occurrence of a series,
// which occurrences change (as the occurrence dialog asks); for an entry that has already started,
// whether to change what the schedule says aired. Cancel (or closing) puts the entry back.
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { timesLabel, type NewTimes, type Scope } from './drag-plan';
import { localLabel, type Occurrence } from './occurrence-io';
import type { Player } from './schedule-types';

interface Props {
  occurrence: Occurrence;
  times: NewTimes;
  player: Player;
  onChoose: (scope: Scope) => void;
  onCancel: () => void;
}

export function DragModal({ occurrence, times, player, onChoose, onCancel }: Props) {
  const { t } = useTranslation();
  const zone = player.timezone;
  return (
    <Modal opened onClose={onCancel} size="lg" title={t('Move {{title}}, {{when}} on {{player}}', { title: occurrence.title, when: localLabel(occurrence.start, zone), player: player.name })}>
      <Stack>
        <Text size="sm">{t('To {{times}}.', { times: timesLabel(times, player) })}</Text>
        {Date.parse(occurrence.start) < Date.now() && (
          <Alert color="orange" title={occurrence.recurring ? t('This occurrence is in the past') : t('This entry is in the past')}>
            {t('It has already started or aired: a change here rewrites what the schedule says aired then.')}
          </Alert>
        )}
        {occurrence.recurring ? (
          <>
            <Text size="sm">{t('Change which occurrences? "This and following" ends the series before {{when}} and carries it on from the new time.', { when: localLabel(occurrence.originalStart, zone) })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onCancel}>
                {t('Cancel')}
              </Button>
              <Button variant="light" onClick={() => onChoose('only')}>
                {t('This occurrence only')}
              </Button>
              <Button variant="light" onClick={() => onChoose('following')}>
                {t('This and following')}
              </Button>
              <Button onClick={() => onChoose('all')}>{t('All occurrences')}</Button>
            </Group>
          </>
        ) : (
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('Cancel')}
            </Button>
            <Button onClick={() => onChoose('once')}>{t('Move it')}</Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
