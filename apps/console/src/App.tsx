// Providers (theme from the account's settings, notifications), the session, and the pages: each
// page is its own chunk, loaded when first visited.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { Guard } from './layout/Guard';
import { applyLanguage, consoleLanguage, rememberedLanguage } from './i18n';
import { Home } from './on-air/Home';
import { Shell } from './layout/Shell';
import { SessionProvider } from './session/SessionProvider';
import type { AccountSettings } from './session/session-context';
import { consoleTheme, cssVariablesResolver } from './theme';

const pages = {
  'on-air': () => import('./on-air/OnAirPage'),
  media: () => import('./media/MediaPage'),
  schedule: () => import('./schedule/SchedulePage'),
  players: () => import('./players/PlayersPage'),
  playlists: () => import('./playlists/PlaylistsPage'),
  clocks: () => import('./clocks/ClocksPage'),
  alerts: () => import('./alerts/AlertsPage'),
  rundown: () => import('./rundown/RundownPage'),
  dayparting: () => import('./admin/DaypartingPage'),
  modules: () => import('./admin/ModulesPage'),
  settings: () => import('./pages/SettingsPage'),
  'app-keys': () => import('./pages/AppKeysPage'),
  users: () => import('./admin/UsersPage'),
  webhooks: () => import('./webhooks/WebhooksPage'),
  audit: () => import('./audit/AuditTrailPage'),
  'as-run': () => import('./as-run/AsRunPage'),
  reports: () => import('./reports/ReportsPage'),
};
const OnAirPage = lazy(pages['on-air']);
const MediaPage = lazy(pages.media);
const SchedulePage = lazy(pages.schedule);
const PlayersPage = lazy(pages.players);
const PlaylistsPage = lazy(pages.playlists);
const ClocksPage = lazy(pages.clocks);
const AlertsPage = lazy(pages.alerts);
const RundownPage = lazy(pages.rundown);
const DaypartingPage = lazy(pages.dayparting);
const ModulesPage = lazy(pages.modules);
const SettingsPage = lazy(pages.settings);
const AppKeysPage = lazy(pages['app-keys']);
const UsersPage = lazy(pages.users);
const WebhooksPage = lazy(pages.webhooks);
const AuditTrailPage = lazy(pages.audit);
const AsRunPage = lazy(pages['as-run']);
const ReportsPage = lazy(pages.reports);

// The page being opened starts loading now, beside the session check, rather than after it
// (a module is fetched once: lazy() then finds it loaded or on its way).
const opening = window.location.pathname.split('/')[1] || 'on-air';
if (opening in pages) void pages[opening as keyof typeof pages]().catch(() => undefined);

export function App() {
  const [settings, setSettings] = useState<AccountSettings | null>(null);
  const onSettings = useCallback((next: AccountSettings | null) => setSettings(next), []);
  // Named in the console's language: the theme's close buttons.
  const { i18n } = useTranslation();
  const theme = useMemo(() => consoleTheme(settings?.dyslexia_friendly_font ?? false), [settings?.dyslexia_friendly_font, i18n.language]);
  const scheme = settings?.theme === 'dark' ? 'dark' : 'light';

  // The account's language, or the browser's: the catalogue loaded, then every page re-rendered in it.
  useEffect(() => {
    void applyLanguage(settings ? consoleLanguage(settings.language) : (rememberedLanguage() ?? consoleLanguage(null)));
  }, [settings?.language]);

  return (
    <MantineProvider theme={theme} forceColorScheme={scheme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-center" />
      <BrowserRouter>
        <SessionProvider onSettings={onSettings}>
          <Routes>
            <Route element={<Shell />}>
              <Route index element={<Home />} />
              <Route path="on-air" element={<OnAirPage />} />
              <Route path="media" element={<MediaPage />} />
              <Route path="schedule" element={<SchedulePage />} />
              <Route path="rundown" element={<RundownPage />} />
              <Route path="as-run" element={<Guard permission="view_player_monitor" perPlayer><AsRunPage /></Guard>} />
              <Route path="reports" element={<ReportsPage />} />
              <Route path="players" element={<PlayersPage />} />
              <Route path="playlists" element={<PlaylistsPage />} />
              <Route path="clocks" element={<ClocksPage />} />
              <Route path="alerts" element={<AlertsPage />} />
              <Route path="dayparting" element={<Guard permission="manage_media_settings"><DaypartingPage /></Guard>} />
              <Route path="modules" element={<Guard permission="manage_modules"><ModulesPage /></Guard>} />
              <Route path="settings" element={<SettingsPage />} />
              <Route path="app-keys" element={<Guard permission="manage_appkeys"><AppKeysPage /></Guard>} />
              <Route path="users" element={<Guard permission="manage_users"><UsersPage /></Guard>} />
              <Route path="webhooks" element={<Guard permission="manage_webhooks"><WebhooksPage /></Guard>} />
              <Route path="audit" element={<Guard permission="view_audit"><AuditTrailPage /></Guard>} />
              <Route path="*" element={<Navigate to="/media" replace />} />
            </Route>
          </Routes>
        </SessionProvider>
      </BrowserRouter>
    </MantineProvider>
  );
}
