// What the entry and occurrence dialogs do with a request: clear the last refusal, run it, show a
// notice and go on; or show the server's refusal (per field, and the message), outlining the entry
// a collision names in the calendar.
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError, fieldErrors, messageOf } from '../lib/api';

export function useActions(onCollision: (id: number | null) => void, onSaved: () => void) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  /** Runs `action`; when it succeeds, says `done` and calls `after` with its result (by default `onSaved`). */
  const act = async <T>(action: () => Promise<T>, done: string, after?: (result: T) => void) => {
    setErrors({});
    setError(null);
    try {
      const result = await action();
      notifications.show({ color: 'green', message: done });
      onCollision(null);
      if (after) after(result);
      else onSaved();
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setError(messageOf(failure));
      const conflict = failure instanceof ApiError && failure.status === 409 ? (failure.details as { conflict?: { id: number } })?.conflict : undefined;
      onCollision(conflict?.id ?? null);
    }
  };
  return { errors, error, act };
}
