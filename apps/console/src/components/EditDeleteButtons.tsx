import { Button, Group } from '@mantine/core';

/** A table row's Edit and Delete buttons, named for screen readers by what the row holds. */
export function EditDeleteButtons({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" aria-label={`Edit ${name}`} onClick={onEdit}>Edit</Button>
      <Button size="xs" variant="light" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>Delete</Button>
    </Group>
  );
}
