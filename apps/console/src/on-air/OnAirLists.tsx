// The on-air page's lists: the rest of the hour as planned, what aired (the as-run log), and the
// player's state: its last contact and the alerts in force.
import { useTranslation } from 'react-i18next';
import { List, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDuration } from '../media/media-types';
import { ago, clockIn, itemName, whenIn, type Aired, type Planned } from './on-air-types';
import type { OnAirData } from './use-on-air-data';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={3} size="h4" id={id} mb="xs">{title}</Title>
      {children}
    </Paper>
  );
}

export function RestOfHour({ items, zone }: { items: Planned[] | null; zone: string }) {
  const { t } = useTranslation();
  return (
    <Section id="on-air-hour" title={t('The rest of the hour')}>
      {items === null ? <Text size="sm">{t('Reading the rundown…')}</Text> : items.length === 0 ? <Text size="sm">{t('Nothing more planned this hour.')}</Text> : (
        <List listStyleType="none" spacing={4} aria-label={t('Planned until the top of the hour')}>
          {items.map((item) => (
            <List.Item key={`${item.start}-${item.title}`}>
              <Text size="sm"><Text span ff="monospace">{clockIn(item.start, zone)}</Text> {itemName(item)} <Text span c="dimmed">({formatDuration((item.end - item.start) / 1000)})</Text></Text>
            </List.Item>
          ))}
        </List>
      )}
    </Section>
  );
}

export function AiredList({ entries, zone }: { entries: Aired[] | null; zone: string }) {
  const { t } = useTranslation();
  return (
    <Section id="on-air-aired" title={t('What aired')}>
      {entries === null ? <Text size="sm">{t('The as-run log needs the permission view_player_monitor.')}</Text> : entries.length === 0 ? <Text size="sm">{t('Nothing logged in the last day.')}</Text> : (
        <List listStyleType="none" spacing={4} aria-label={t('Aired, newest first')}>
          {entries.map((entry) => (
            <List.Item key={entry.id}>
              <Text size="sm"><Text span ff="monospace">{clockIn(Number(entry.unix_timestamp) * 1000, zone)}</Text> {itemName(entry)}{entry.context !== 'show' ? ` (${entry.context === 'emerg' ? t('alert') : t('fill')})` : ''}</Text>
            </List.Item>
          ))}
        </List>
      )}
    </Section>
  );
}

export function PlayerState({ data, zone, at, heardAt }: { data: OnAirData; zone: string; at: number; heardAt: number | null }) {
  const { t } = useTranslation();
  const contact = data.player?.last_connect ? Date.parse(data.player.last_connect) : null;
  return (
    <Section id="on-air-state" title={t('The player')}>
      <Text size="sm" data-testid="last-contact">{contact === null ? t('Last contact: never') : t('Last contact: {{when}} ({{ago}})', { when: whenIn(contact, zone, at), ago: ago(contact, at) })}</Text>
      <Text size="sm">{heardAt === null ? t('Live updates: connecting…') : t('Live updates: last heard {{ago}}', { ago: ago(heardAt, at) })}</Text>
      {data.alerts === null ? (
        <Text size="sm">{t('Alerts need the permission manage_alerts.')}</Text>
      ) : data.alerts.length === 0 ? (
        <Text size="sm">{t('No alert in force.')}</Text>
      ) : (
        <List spacing={2} aria-label={t('Alerts in force')} size="sm">
          {data.alerts.map((alert) => (
            <List.Item key={alert.id}>
              {t('{{name}}: {{item}}, every {{every}} until {{until}}', { name: alert.name, item: alert.item_name ?? t('its item is gone'), every: formatDuration(alert.frequency), until: whenIn(Date.parse(alert.stop), zone, at) })}
            </List.Item>
          ))}
        </List>
      )}
    </Section>
  );
}
