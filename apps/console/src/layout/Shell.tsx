// The frame of every page: a header (station name, user, log out), the page list in a sidebar on
// the left or the right (the account's sidebar_display_left), and the page.
import { useTranslation } from 'react-i18next';
import { AppShell, Burger, Button, Group, LoadingOverlay, NavLink, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { NavLink as RouterLink, Outlet, useLocation } from 'react-router';
import { useSession } from '../session/session-context';
import { navItems } from './nav-items';

export function Shell() {
  const { t } = useTranslation();
  const session = useSession();
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const left = session.settings.sidebar_display_left;
  const name = session.settings.display_name || session.user.username;
  const sidebar = { width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } } as const;
  const links = (
    <nav aria-label={t('Pages')}>
      {navItems
        .filter((item) => item.permission === null || session.can(item.permission) || session.permissions.some((p) => p.startsWith(`${item.permission}:`)))
        .map((item) => (
          <NavLink key={item.to} component={RouterLink} to={item.to} label={t(item.label)} active={location.pathname.startsWith(item.to)} onClick={close} />
        ))}
      {/* On a phone the header has no room for the user and Log out: they are in the menu. */}
      <Stack hiddenFrom="sm" gap="xs" mt="md" px="sm">
        <Text size="sm">{t('Logged in as {{name}}', { name })}</Text>
        <Button variant="default" size="xs" onClick={() => void session.logout()}>
          {t('Log out')}
        </Button>
      </Stack>
    </nav>
  );
  return (
    // Remade when the side changes, so that the page's offset follows the sidebar at once.
    <AppShell key={left ? 'left' : 'right'} header={{ height: 56 }} {...(left ? { navbar: sidebar } : { aside: sidebar })} padding="md" data-sidebar={left ? 'left' : 'right'}>
      <a className="skip-link" href="#main">
        {t('Skip to the page')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('Show the pages')} />
            <Title order={1} size="h3">
              {t('Airwave')}
            </Title>
          </Group>
          <Group visibleFrom="sm">
            <Text size="sm" aria-label={t('Logged in as')}>
              {name}
            </Text>
            <Button variant="default" size="xs" onClick={() => void session.logout()}>
              {t('Log out')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      {left ? <AppShell.Navbar p="xs">{links}</AppShell.Navbar> : <AppShell.Aside p="xs">{links}</AppShell.Aside>}
      <AppShell.Main id="main">
        <Suspense fallback={<LoadingOverlay visible />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
