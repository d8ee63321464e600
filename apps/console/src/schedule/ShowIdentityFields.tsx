// A show's own name, description and colour in the show dialog (issue 43, N2). The colour is one of
// a few swatches or any #rrggbb typed; emptied, the show has none (the calendar's own blue).
import { useTranslation } from 'react-i18next';
import { ColorInput, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { EntryDraft } from './schedule-types';
import { isColour, SHOW_SWATCHES } from './show-look';

interface Props {
  draft: EntryDraft;
  onChange: (change: Partial<Pick<EntryDraft, 'name' | 'description' | 'colour'>>) => void;
  errors: Record<string, string>;
}

export function ShowIdentityFields({ draft, onChange, errors }: Props) {
  const { t } = useTranslation();
  const typedWrong = draft.colour !== '' && !isColour(draft.colour);
  return (
    <>
      <SimpleGrid cols={2}>
        <TextInput label={t('Show name (optional)')} description={t('Empty: named after what it airs')} maxLength={200} value={draft.name} onChange={(e) => onChange({ name: e.currentTarget.value })} error={errors.name} />
        <ColorInput
          label={t('Colour (optional)')}
          description={t('A swatch, or #rrggbb')}
          format="hex"
          withPicker={false}
          withEyeDropper={false}
          fixOnBlur={false}
          swatches={SHOW_SWATCHES}
          swatchesPerRow={8}
          closeOnColorSwatchClick
          value={draft.colour}
          onChange={(colour) => onChange({ colour })}
          error={errors.colour ?? (typedWrong ? t('Write a colour as #rrggbb') : undefined)}
        />
      </SimpleGrid>
      <Textarea label={t('Description (optional)')} autosize minRows={1} maxRows={4} maxLength={2000} value={draft.description} onChange={(e) => onChange({ description: e.currentTarget.value })} error={errors.description} />
    </>
  );
}
