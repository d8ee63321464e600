// One occurrence of a recurring show or timeslot, clicked in the calendar: change this occurrence
// only (skip it; move it or change its length; for a show, air another item; restore it as the
// series has it), or go on to change this and the following ones, or the whole series.
import { msg } from '../i18n';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api } from '../lib/api';
import { changeOf, localLabel, type Occurrence, type OccurrenceChange } from './occurrence-io';
import { OccurrenceForm } from './OccurrenceForm';
import type { Player } from './schedule-types';
import { useActions } from './use-actions';
import { useReturnFocus } from '../components/use-return-focus';

export type Scope = 'only' | 'following' | 'all';

const scopes: { value: Scope; label: string }[] = [
  { value: 'only', label: msg('This occurrence only') },
  { value: 'following', label: msg('This and following') },
  { value: 'all', label: msg('All occurrences') },
];

interface Props {
  occurrence: Occurrence;
  player: Player;
  onClose: () => void;
  onSaved: () => void;
  onCollision: (id: number | null) => void;
  /** Goes on to the entry dialog: a split from this occurrence on, or the whole series. */
  onScope: (scope: 'following' | 'all') => void;
}

export function OccurrenceModal({ occurrence, player, onClose, onSaved, onCollision, onScope }: Props) {
  const { t } = useTranslation();
  useReturnFocus();
  const zone = player.timezone;
  const [scope, setScope] = useState<Scope>('only');
  const [change, setChange] = useState<OccurrenceChange>(() => changeOf(occurrence, zone));
  const { errors, error, act } = useActions(onCollision, onSaved);
  const set = (fields: Partial<OccurrenceChange>) => setChange((c) => ({ ...c, ...fields }));
  const moved = Date.parse(occurrence.originalStart) !== Date.parse(occurrence.start);
  // An occurrence that already airs another item starts with that item chosen, so a save keeps it.
  useEffect(() => {
    if (occurrence.kind !== 'show' || !occurrence.exceptionId) return;
    api.scheduling
      .showExceptionList({ id: occurrence.entryId })
      .then((list) => {
        const found = list.find((e) => e.id === occurrence.exceptionId);
        if (found?.item_type) set({ itemChanged: true, itemType: found.item_type, itemId: found.item_id });
      })
      .catch(() => undefined);
  }, [occurrence]);

  return (
    <Modal opened onClose={onClose} size="lg" title={t('{{title}}, {{when}} on {{player}}', { title: occurrence.title, when: localLabel(occurrence.start, zone), player: player.name })}>
      <Stack>
        {occurrence.exceptionId && (
          <Alert color="orange" title={t('Changed in this occurrence only')}>
            {moved ? t('Moved from {{when}}.', { when: localLabel(occurrence.originalStart, zone) }) : t('It differs from the series here.')}
          </Alert>
        )}
        {Date.parse(occurrence.start) < Date.now() && (
          <Alert color="orange" title={t('This occurrence is in the past')}>
            {t('It has already started or aired: a change here rewrites what the schedule says aired then.')}
          </Alert>
        )}
        {error && (
          <Alert color="red" role="alert" title={t('Not saved')}>
            {error}
          </Alert>
        )}
        <SegmentedControl aria-label={t('Change which occurrences')} data={scopes.map((s) => ({ value: s.value, label: t(s.label) }))} value={scope} onChange={(v) => setScope(v as Scope)} />
        {scope === 'only' ? (
          <OccurrenceForm occurrence={occurrence} player={player} change={change} set={set} errors={errors} act={act} onClose={onClose} />
        ) : (
          <>
            <Text size="sm">
              {scope === 'following'
                ? t('The series ends before {{when}}; from then on it carries on with your changes. Earlier occurrences stay as they are.', { when: localLabel(occurrence.originalStart, zone) })
                : t('Every occurrence changes, earlier ones too. Occurrences changed one at a time keep their changes.')}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('Cancel')}
              </Button>
              <Button onClick={() => onScope(scope)}>{t('Continue')}</Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
