import { useTranslation } from 'react-i18next';
import { Button, Group, Modal, Text } from '@mantine/core';
import { LoginForm, type LoginResult } from './LoginForm';

/** Over the page, which stays as it was: log in again and carry on (then save again), or leave. */
export function ExpiredDialog({ opened, username, onLoggedIn, onLogout }: { opened: boolean; username: string; onLoggedIn: (session: LoginResult) => Promise<void>; onLogout: () => Promise<void> }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={() => undefined} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} title={t('Your session has expired')}>
      <Text size="sm" mb="md">
        {t('Log in again to carry on. Nothing on the page is lost: what you were saving when the session ended was not saved, so save it again afterwards.')}
      </Text>
      <LoginForm username={username} onLoggedIn={onLoggedIn} />
      <Group justify="flex-end" mt="md">
        <Button variant="subtle" onClick={() => void onLogout()}>
          {t('Log out instead')}
        </Button>
      </Group>
    </Modal>
  );
}
