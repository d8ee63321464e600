// The question a drag or a resize asks before it changes anything: for an occurrence of a series,
// which occurrences change (as the occurrence dialog asks); for an entry that has already started,
// whether to change what the schedule says aired. Cancel (or closing) puts the entry back.
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
  const zone = player.timezone;
  return (
    <Modal opened onClose={onCancel} size="lg" title={`Move ${occurrence.title}, ${localLabel(occurrence.start, zone)} on ${player.name}`}>
      <Stack>
        <Text size="sm">To {timesLabel(times, player)}.</Text>
        {Date.parse(occurrence.start) < Date.now() && (
          <Alert color="orange" title={occurrence.recurring ? 'This occurrence is in the past' : 'This entry is in the past'}>
            It has already started or aired: a change here rewrites what the schedule says aired then.
          </Alert>
        )}
        {occurrence.recurring ? (
          <>
            <Text size="sm">Change which occurrences? &quot;This and following&quot; ends the series before {localLabel(occurrence.originalStart, zone)} and carries it on from the new time.</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
              <Button variant="light" onClick={() => onChoose('only')}>
                This occurrence only
              </Button>
              <Button variant="light" onClick={() => onChoose('following')}>
                This and following
              </Button>
              <Button onClick={() => onChoose('all')}>All occurrences</Button>
            </Group>
          </>
        ) : (
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button onClick={() => onChoose('once')}>Move it</Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
