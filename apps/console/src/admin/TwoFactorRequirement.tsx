// The permissions that need two-factor sign-in (PUT /users/two-factor): a user holds one only while
// their second factor is on. The server refuses (409) a choice that would withhold a permission
// from the administrator making it; its message is shown.
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group as Row, MultiSelect, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { api, fieldErrors, messageOf } from '../lib/api';
import type { PermissionInfo } from './users-types';

export function TwoFactorRequirement({ catalogue }: { catalogue: PermissionInfo[] }) {
  const { t } = useTranslation();
  const [permissions, setPermissions] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  useEffect(() => {
    api.twoFactorAdmin
      .requirementGet({})
      .then((saved) => setPermissions(saved.permissions))
      .catch((failure: unknown) => setError(messageOf(failure)));
  }, []);
  const save = async () => {
    setError(null);
    setFieldError(undefined);
    try {
      setPermissions((await api.twoFactorAdmin.requirementSet({ permissions: permissions ?? [] })).permissions);
      notifications.show({ color: 'green', message: t('Two-factor requirement saved.') });
    } catch (failure) {
      setFieldError(Object.values(fieldErrors(failure))[0]);
      setError(messageOf(failure));
    }
  };
  const names = [...new Set([...catalogue.map((p) => p.name), ...(permissions ?? [])])].sort();
  return (
    <Stack component="section" aria-labelledby="two-factor-requirement-title" maw={640}>
      <Title order={3} id="two-factor-requirement-title">
        {t('Two-factor sign-in required')}
      </Title>
      <Text size="sm">{t('A user holds these permissions, from any group, only while their two-factor sign-in is on. Turn your own on before requiring a permission you hold.')}</Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <MultiSelect label={t('Permissions that need two-factor sign-in')} searchable data={names} value={permissions ?? []} onChange={setPermissions} disabled={permissions === null} error={fieldError} maxDropdownHeight={320} />
      <Row>
        <Button onClick={() => void save()} disabled={permissions === null}>
          {t('Save requirement')}
        </Button>
      </Row>
    </Stack>
  );
}
