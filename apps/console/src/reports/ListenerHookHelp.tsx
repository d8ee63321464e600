// What the page says when no one listened in the period: how listeners are counted (the player's
// Icecast posts each connect and disconnect to its listener hook), and, for holders of
// manage_players, the hook's key made at a press (PUT /players/{id}/listener-key: shown once, the
// key before it stops working) with the lines of Icecast's mount that use it.
import { useTranslation } from 'react-i18next';
import { Alert, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { api, messageOf } from '../lib/api';
import { useSession } from '../session/session-context';

const icecastLines = (url: string) =>
  ['<authentication type="url">', `  <option name="listener_add" value="${url}"/>`, `  <option name="listener_remove" value="${url}"/>`, '  <option name="auth_header" value="icecast-auth-user: 1"/>', '</authentication>'].join('\n');

export function ListenerHookHelp({ playerId, playerName }: { playerId: number; playerName: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const [hook, setHook] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [making, setMaking] = useState(false);
  const make = async () => {
    setMaking(true);
    setError(null);
    try {
      const made = await api.scheduling.listenerKey({ id: playerId });
      setHook(`${window.location.origin}${made.hook}`);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setMaking(false);
    }
  };
  return (
    <Paper withBorder p="md" role="status">
      <Stack gap="xs">
        <Text fw={700}>{t('No listener data in this period.')}</Text>
        <Text size="sm">
          {t("Set up the listener hook: {{name}}'s Icecast mount posts each listener's connect and disconnect to Airwave (URL authentication), with the player's listener key.", { name: playerName })}
        </Text>
        <Text size="sm">{t('A player Airwave airs is counted without it, from its Icecast’s list of listeners, to within a few seconds; the hook counts to the instant, and a player Airwave does not air needs it.')}</Text>
        {!session.can('manage_players') && <Text size="sm">{t('The key is made by a user with the permission manage_players, on this page.')}</Text>}
        {session.can('manage_players') && !hook && (
          <Group gap="sm">
            <Button variant="light" size="xs" loading={making} onClick={() => void make()}>{t('Make a listener key')}</Button>
            <Text size="sm">{t('A new key replaces the one before: an Icecast given the old one stops being counted.')}</Text>
          </Group>
        )}
        {hook && (
          <>
            <Text size="sm">{t('The key is shown only now. Give the mount these lines in icecast.xml:')}</Text>
            <Code block data-testid="listener-hook">{icecastLines(hook)}</Code>
          </>
        )}
        {error && <Alert color="red" role="alert" title={t('The key could not be made')}>{error}</Alert>}
      </Stack>
    </Paper>
  );
}
