// Deleting a category or a clock: asked first (ConfirmModal), then done, the list read again; the
// server's refusal (one in use) shown on the page.
import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../lib/api';
import type { Confirmation } from '../webhooks/ConfirmModal';

export function useDelete(onChanged: () => void, onError: (message: string | null) => void) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<Confirmation | null>(null);
  const ask = (name: string, text: string, confirm: string, remove: () => Promise<unknown>) =>
    setAsking({
      title: t('Delete {{name}}?', { name }),
      text,
      confirm,
      run: async () => {
        try {
          await remove();
          notifications.show({ color: 'green', message: t('{{name}} was deleted.', { name }) });
          onError(null);
          onChanged();
        } catch (failure) {
          onError(messageOf(failure));
        }
      },
    });
  return { asking, close: () => setAsking(null), ask };
}
