// A player's rotation rules: the separations (minutes between two plays of one artist, title,
// album; 0 for none), plays of a song per day (empty for no cap), no two in a row from one
// category; which rules are hard (given up only when no song of the category keeps them), and the
// order the soft ones are given up in when no song keeps them all.
import { useTranslation } from 'react-i18next';
import { ActionIcon, Alert, Button, Checkbox, Fieldset, Group, List, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { fieldErrors, messageOf } from '../lib/api';
import { move, RULES, ruleWords, type RuleName, type Rules } from './clock-types';

type Minutes = 'artist_minutes' | 'title_minutes' | 'album_minutes';

/** The soft rules in the order they are given up: those named first, then the rest (the server's order). */
export const relaxOrder = (rules: Rules): RuleName[] => {
  const soft = RULES.filter((r) => !rules.hard.includes(r));
  return [...rules.relax_order.filter((r) => soft.includes(r)), ...soft.filter((r) => !rules.relax_order.includes(r))];
};

export function RotationRulesForm({ rules: saved, manage, onSave }: { rules: Rules; manage: boolean; onSave: (rules: Rules) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [rules, setRules] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<Rules>) => setRules((r) => ({ ...r, ...patch }));
  const order = relaxOrder(rules);
  const save = async () => {
    setErrors({});
    setError(null);
    try {
      await onSave({ ...rules, relax_order: order });
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setError(messageOf(failure));
    }
  };
  const separations: [Minutes, string][] = [
    ['artist_minutes', t('Artist separation (minutes)')],
    ['title_minutes', t('Title separation (minutes)')],
    ['album_minutes', t('Album separation (minutes)')],
  ];
  const minutes = (field: Minutes, label: string) => (
    <NumberInput key={field} label={label} min={0} max={10080} allowDecimal={false} readOnly={!manage} value={rules[field]} onChange={(v) => set({ [field]: Number(v) || 0 })} error={errors[`rules.${field}`]} />
  );
  return (
    <Fieldset legend={t('Rotation rules')}>
      <Stack gap="sm">
        {error && <Alert color="red" role="alert" title={t('Not saved')}>{error}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {separations.map(([field, label]) => minutes(field, label))}
          <NumberInput label={t('Plays of a song per day, at most')} description={t('Empty: no limit')} min={1} max={1000} allowDecimal={false} readOnly={!manage} value={rules.plays_per_day ?? ''} onChange={(v) => set({ plays_per_day: v === '' ? null : Number(v) })} error={errors['rules.plays_per_day']} />
        </SimpleGrid>
        <Checkbox label={t('Never two songs in a row from one category')} disabled={!manage} checked={rules.category_in_row} onChange={(e) => set({ category_in_row: e.currentTarget.checked })} />
        <Checkbox.Group label={t('Hard rules')} description={t('Given up only when no song of the category keeps them; the others are given up one at a time, in the order below.')} value={rules.hard} onChange={(hard) => set({ hard: hard as RuleName[] })}>
          <Group mt={4}>{RULES.map((rule) => <Checkbox key={rule} value={rule} disabled={!manage} label={t(ruleWords[rule])} />)}</Group>
        </Checkbox.Group>
        <div>
          <Text size="sm" fw={500} id="relax-order">{t('When no song keeps every rule, give up first')}</Text>
          <List type="ordered" size="sm" aria-labelledby="relax-order">
            {order.map((rule, index) => (
              <List.Item key={rule}>
                <Group gap="xs">
                  {t(ruleWords[rule])}
                  {manage && <ActionIcon size="sm" variant="default" aria-label={t('Give up earlier: {{rule}}', { rule: t(ruleWords[rule]) })} disabled={index === 0} onClick={() => set({ relax_order: move(order, index, index - 1) })}>↑</ActionIcon>}
                  {manage && <ActionIcon size="sm" variant="default" aria-label={t('Give up later: {{rule}}', { rule: t(ruleWords[rule]) })} disabled={index === order.length - 1} onClick={() => set({ relax_order: move(order, index, index + 1) })}>↓</ActionIcon>}
                </Group>
              </List.Item>
            ))}
          </List>
          {order.length === 0 && <Text size="sm">{t('Every rule is hard.')}</Text>}
        </div>
        {manage && <Group justify="flex-end"><Button onClick={() => void save()}>{t('Save the rules')}</Button></Group>}
      </Stack>
    </Fieldset>
  );
}
