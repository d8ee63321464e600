// A live show's own source password (docs/playout.md, "A live show's source password"): write only,
// like the players' sync password. Never shown; when the show has one, empty keeps it and "Remove"
// sends null (the player's password is taken again). The server's refusal appears under the field.
import { Checkbox, PasswordInput, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EntryDraft } from './schedule-types';

interface Props {
  draft: EntryDraft;
  onChange: (change: Partial<Pick<EntryDraft, 'sourcePassword' | 'removeSourcePassword'>>) => void;
  error?: string | undefined;
}

export function SourcePasswordField({ draft, onChange, error }: Props) {
  const { t } = useTranslation();
  const description = draft.removeSourcePassword
    ? t("Removed on save: the player's source password is taken")
    : draft.hasSourcePassword
      ? t('Set: leave empty to keep it')
      : t("None: the player's source password is taken");
  return (
    <SimpleGrid cols={2}>
      <PasswordInput
        label={t('Source password (for the live source client)')}
        description={description}
        autoComplete="new-password"
        value={draft.sourcePassword}
        disabled={draft.removeSourcePassword}
        onChange={(e) => onChange({ sourcePassword: e.currentTarget.value })}
        error={error}
      />
      {draft.hasSourcePassword && (
        <Checkbox mt="xl" label={t("Remove the show's password")} checked={draft.removeSourcePassword} onChange={(e) => onChange({ removeSourcePassword: e.currentTarget.checked, sourcePassword: '' })} />
      )}
    </SimpleGrid>
  );
}
