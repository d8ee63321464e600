// Entries dragged and resized in the calendar: a one-time entry changes at once; an occurrence of a
// series (or anything that has already started) asks first. The change is said in a notice with
// "Undo", which puts back exactly what was there; a refusal (a collision) puts the entry back and
// shows the server's message, outlining the entry it names.
import { i18n, msg } from '../i18n';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError, messageOf } from '../lib/api';
import { applyDrag, runUndo } from './drag-io';
import { timesLabel, type NewTimes, type Scope } from './drag-plan';
import { DragModal } from './DragModal';
import type { Occurrence } from './occurrence-io';
import type { Player } from './schedule-types';

interface Pending {
  occurrence: Occurrence;
  times: NewTimes;
  revert: () => void;
}

interface Options {
  player: Player | null;
  refresh: () => void;
  onCollision: (id: number | null) => void;
  onError: (message: string | null) => void;
}

/** What a notice says of a change (`{{times}}`: when the occurrence now airs). */
const said: Record<Exclude<Scope, 'once'>, string> = {
  only: msg('This occurrence is now on {{times}}.'),
  following: msg('From this occurrence on, it is on {{times}}.'),
  all: msg('Every occurrence moves with it: this one is now on {{times}}.'),
};

function conflictOf(failure: unknown): number | null {
  const details = failure instanceof ApiError && failure.status === 409 ? (failure.details as { conflict?: { id: number } } | undefined) : undefined;
  return details?.conflict?.id ?? null;
}

/** The notice of a change, with its Undo (15 s, as long as the pointer is not over it); answers its id. */
function showUndoNotice(text: string, onUndo: () => void): string {
  return notifications.show({
    color: 'green',
    autoClose: 15_000,
    message: (
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{text}</Text>
        <Button size="xs" variant="light" onClick={onUndo}>
          {i18n.t('Undo')}
        </Button>
      </Group>
    ),
  });
}

export function useDrag({ player, refresh, onCollision, onError }: Options) {
  const [pending, setPending] = useState<Pending | null>(null);

  const refuse = (failure: unknown) => {
    onError(messageOf(failure));
    onCollision(conflictOf(failure));
  };

  const undo = async (notice: string, steps: Awaited<ReturnType<typeof applyDrag>>) => {
    notifications.hide(notice);
    try {
      await runUndo(steps);
      notifications.show({ color: 'green', message: i18n.t('The change was undone.') });
      onCollision(null);
    } catch (failure) {
      refuse(failure);
    }
    refresh();
  };

  const commit = async ({ occurrence, times, revert }: Pending, scope: Scope) => {
    setPending(null);
    onError(null);
    try {
      const steps = await applyDrag(occurrence, scope, times, player!);
      onCollision(null);
      const at = timesLabel(times, player!);
      const text = scope === 'once' ? i18n.t('{{title}} is now on {{times}}.', { title: occurrence.title, times: at }) : i18n.t(said[scope], { times: at });
      const notice = showUndoNotice(text, () => void undo(notice, steps));
    } catch (failure) {
      revert();
      refuse(failure);
    }
    refresh();
  };

  /** A drop or a resize: the occurrence, where it now is, and how to put it back. */
  const dragged = (change: Pending) => {
    if (!change.occurrence.recurring && Date.parse(change.occurrence.start) >= Date.now()) void commit(change, 'once');
    else setPending(change);
  };

  const dialog =
    pending && player ? (
      <DragModal
        occurrence={pending.occurrence}
        times={pending.times}
        player={player}
        onChoose={(scope) => void commit(pending, scope)}
        onCancel={() => {
          pending.revert();
          setPending(null);
        }}
      />
    ) : null;
  return { dragged, dialog };
}
