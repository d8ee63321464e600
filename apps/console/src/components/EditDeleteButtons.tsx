import { useTranslation } from 'react-i18next';
import { Button, Group } from '@mantine/core';

/** A table row's Edit and Delete buttons, named for screen readers by what the row holds. */
export function EditDeleteButtons({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" aria-label={t('Edit {{name}}', { name })} onClick={onEdit}>{t('Edit')}</Button>
      <Button size="xs" variant="light" color="red" aria-label={t('Delete {{name}}', { name })} onClick={onDelete}>{t('Delete')}</Button>
    </Group>
  );
}
