// The console's look from the account's display settings: light or dark theme, the
// dyslexia-friendly font (OpenDyslexic, shipped with the app). Colours are chosen for WCAG AA
// (4.5:1 for text) in both themes: the primary shade is darker than Mantine's default and
// dimmed text is darker (light) or lighter (dark) than Mantine's.
import { i18n } from './i18n';
import { createTheme, Drawer, Modal, Notification, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';

const systemFont = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export function consoleTheme(dyslexiaFriendly: boolean): MantineThemeOverride {
  const fontFamily = dyslexiaFriendly ? `OpenDyslexic, ${systemFont}` : systemFont;
  return createTheme({
    fontFamily,
    headings: { fontFamily },
    primaryColor: 'blue',
    primaryShade: { light: 8, dark: 8 },
    defaultRadius: 'sm',
    // Every dialog's and notice's close button has a name for screen readers.
    components: {
      Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': i18n.t('Close') } } }),
      Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': i18n.t('Close') } } }),
      Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': i18n.t('Close the notice') } } }),
    },
  });
}

export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': theme.colors.gray[7]!,
    '--mantine-color-placeholder': theme.colors.gray[7]!,
    '--mantine-color-blue-light-color': theme.colors.blue[9]!,
    // Orange and green notices' titles (a clock's warnings, a save's result) read on their tint
    // (shade 1): darker than the palette's darkest (shade 9 reads at 3.8:1 there).
    '--mantine-color-orange-light-color': '#a63c06',
    '--mantine-color-green-light-color': '#1e6b2f',
    '--mantine-color-red-text': theme.colors.red[9]!,
  },
  dark: {
    '--mantine-color-dimmed': theme.colors.dark[1]!,
    '--mantine-color-placeholder': theme.colors.dark[1]!,
    '--mantine-color-blue-light-color': theme.colors.blue[2]!,
    '--mantine-color-orange-light-color': theme.colors.orange[2]!,
    '--mantine-color-green-light-color': theme.colors.green[2]!,
    '--mantine-color-red-text': theme.colors.red[3]!,
  },
});
