// The account's own settings. The four display preferences (theme, language, font, sidebar side)
// take effect as soon as they are saved, without a reload. Below them: two-factor sign-in
// (two-factor/) and the account's recent security events (../audit/SecurityEvents).
import { applyLanguage, consoleLanguage, consoleLanguages, i18n } from '../i18n';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Divider, Group, PasswordInput, Select, Stack, Switch, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { SecurityEvents } from '../audit/SecurityEvents';
import { api, fieldErrors, messageOf } from '../lib/api';
import { useSession } from '../session/session-context';
import { TwoFactorSection } from './two-factor/TwoFactorSection';

// None chosen (null): the browser's language when the console is written in it, else English.
const BROWSER = 'browser';

function SettingsForm() {
  const { t } = useTranslation();
  const session = useSession();
  const s = session.settings;
  const [form, setForm] = useState({
    name: s.name,
    display_name: s.display_name,
    email: s.email,
    language: s.language ?? BROWSER,
    theme: s.theme === 'dark' ? 'dark' : 'light',
    dyslexia_friendly_font: s.dyslexia_friendly_font,
    sidebar_display_left: s.sidebar_display_left,
    password: '',
    password_again: '',
    current_password: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  // A language chosen elsewhere that the console is not written in is kept, and said so.
  const kept = s.language && !consoleLanguages.some((l) => l.value === s.language) ? [{ value: s.language, label: t('{{language}} (not translated)', { language: s.language }) }] : [];
  const set = <K extends keyof typeof form>(name: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [name]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setError(null);
    try {
      const { password, password_again, current_password, language, ...fields } = form;
      const rest = { ...fields, language: language === BROWSER ? null : language };
      // Only what changed is sent: an account may hold values the form would not accept (no email).
      const changed = Object.fromEntries(Object.entries(rest).filter(([name, value]) => value !== (s as Record<string, unknown>)[name]));
      const saved = await api.accountMore.settingsUpdate(password ? { ...changed, password, password_again, current_password } : changed);
      // The notice in the language just chosen (the page follows it too, App.tsx).
      await applyLanguage(consoleLanguage(saved.language));
      session.setSettings(saved);
      setForm((f) => ({ ...f, password: '', password_again: '', current_password: '' }));
      notifications.show({ color: 'green', message: i18n.t('Settings saved.') });
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setError(messageOf(failure));
    }
  };

  return (
    <form onSubmit={save} aria-label={t('Account settings')}>
      <Stack maw={520}>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label={t('Username')} value={s.username} disabled />
        <TextInput label={t('Name')} value={form.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} />
        <TextInput label={t('Display name')} value={form.display_name} onChange={(e) => set('display_name', e.currentTarget.value)} error={errors.display_name} />
        <TextInput label={t('Email')} type="email" value={form.email} onChange={(e) => set('email', e.currentTarget.value)} error={errors.email} />
        <Select label={t('Language')} data={[{ value: BROWSER, label: t("The browser's language") }, ...consoleLanguages, ...kept]} value={form.language} onChange={(v) => set('language', v ?? BROWSER)} allowDeselect={false} error={errors.language} />
        <Select label={t('Theme')} data={[{ value: 'light', label: t('Light') }, { value: 'dark', label: t('Dark') }]} value={form.theme} onChange={(v) => set('theme', v === 'dark' ? 'dark' : 'light')} allowDeselect={false} />
        <Switch label={t('Dyslexia-friendly font (OpenDyslexic)')} checked={form.dyslexia_friendly_font} onChange={(e) => set('dyslexia_friendly_font', e.currentTarget.checked)} />
        <Switch label={t('Page list on the left (otherwise on the right)')} checked={form.sidebar_display_left} onChange={(e) => set('sidebar_display_left', e.currentTarget.checked)} />
        <PasswordInput label={t('New password (leave empty to keep it)')} autoComplete="new-password" value={form.password} onChange={(e) => set('password', e.currentTarget.value)} error={errors.password} />
        <PasswordInput label={t('New password again')} autoComplete="new-password" value={form.password_again} onChange={(e) => set('password_again', e.currentTarget.value)} error={errors.password_again} />
        {/* Asked with a new password only: a session left open cannot take the account over. */}
        {form.password && (
          <PasswordInput label={t('Current password')} autoComplete="current-password" withAsterisk value={form.current_password} onChange={(e) => set('current_password', e.currentTarget.value)} error={errors.current_password} />
        )}
        <Group>
          <Button type="submit">{t('Save settings')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function SettingsPage() {
  const { t } = useTranslation();
  // Read again after a two-factor change: the security events have a new entry.
  const [version, setVersion] = useState(0);
  return (
    <Stack>
      <Title order={2}>{t('Account settings')}</Title>
      <SettingsForm />
      <Divider />
      <TwoFactorSection onChanged={() => setVersion((v) => v + 1)} />
      <Divider />
      <SecurityEvents version={version} />
    </Stack>
  );
}
