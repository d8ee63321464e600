// The clock editor's state: the draft, the save (the missing choices refused before asking the
// server, the server's refusals by field), and what the saved hour could not do (its warnings),
// cleared by the next change.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, fieldErrors, messageOf } from '../lib/api';
import { clockDraftOf, slotProblems, slotsInput, type Clock, type ClockDraft } from './clock-types';

export function useClockEditor(clock: Clock | null, onSaved: (id: number) => void) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ClockDraft>(() => clockDraftOf(clock));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  /** The warnings of the last save (none: the hour fills), or null before a save or after a change. */
  const [warnings, setWarnings] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof ClockDraft>(key: K, value: ClockDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setWarnings(null);
  };
  const save = async () => {
    setErrors({});
    setError(null);
    const missing = slotProblems(draft.slots);
    if (Object.keys(missing).length) return setErrors(missing);
    if (draft.slots.length === 0) return setError(t('Add at least one slot.'));
    setSaving(true);
    try {
      const { id, name, description, target_seconds, fill_category_id, overrun, rules } = draft;
      const answer = await api.scheduling.clockSave({ id, name, description, target_seconds, fill_category_id, overrun, rules, slots: slotsInput(draft.slots) });
      setDraft((d) => ({ ...d, id: answer.id }));
      setWarnings(answer.warnings);
      onSaved(answer.id);
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setError(messageOf(failure));
    } finally {
      setSaving(false);
    }
  };
  return { draft, set, errors, error, warnings, saving, save };
}
