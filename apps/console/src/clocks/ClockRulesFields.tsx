// What a clock tightens of its player's rotation rules: a longer separation, a lower daily cap, no
// two songs in a row from one category. A field left empty keeps the player's rule.
import { useTranslation } from 'react-i18next';
import { Checkbox, Fieldset, NumberInput, SimpleGrid, Text } from '@mantine/core';
import type { ClockRules } from './clock-types';

type Field = 'artist_minutes' | 'title_minutes' | 'album_minutes' | 'plays_per_day';

export function ClockRulesFields({ rules, onChange, errors }: { rules: ClockRules; onChange: (rules: ClockRules) => void; errors: Record<string, string> }) {
  const { t } = useTranslation();
  const set = (field: Field, value: string | number) => {
    const { [field]: _old, ...rest } = rules;
    onChange(value === '' ? rest : { ...rest, [field]: Number(value) });
  };
  const number = (field: Field, label: string, min: number, max: number) => (
    <NumberInput key={field} label={label} min={min} max={max} allowDecimal={false} placeholder={t('the player’s')} value={rules[field] ?? ''} onChange={(v) => set(field, v)} error={errors[`rules.${field}`]} />
  );
  const fields: [Field, string, number, number][] = [
    ['artist_minutes', t('Artist separation (minutes)'), 0, 10080],
    ['title_minutes', t('Title separation (minutes)'), 0, 10080],
    ['album_minutes', t('Album separation (minutes)'), 0, 10080],
    ['plays_per_day', t('Plays of a song per day, at most'), 1, 1000],
  ];
  return (
    <Fieldset legend={t('Rules this clock tightens')}>
      <Text size="sm" mb="xs">{t('Empty: the player’s rule. A clock can only make a rule stricter: a longer separation, fewer plays a day.')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {fields.map(([field, label, min, max]) => number(field, label, min, max))}
      </SimpleGrid>
      <Checkbox
        mt="sm"
        label={t('Never two songs in a row from one category')}
        checked={rules.category_in_row === true}
        onChange={(e) => {
          const { category_in_row: _old, ...rest } = rules;
          onChange(e.currentTarget.checked ? { ...rest, category_in_row: true } : rest);
        }}
      />
    </Fieldset>
  );
}
