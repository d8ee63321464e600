// Music scheduling (issue 45, docs/decisions/clocks.md): the clocks (hour plans, each edited as a
// wheel and a list of slots), the categories their songs come from, and each player's format (its
// week of clocks and its rotation rules). Everyone reads them; manage_players edits. The tab is
// in the address (`?tab=categories`), so a link or a reload opens it.
import { useTranslation } from 'react-i18next';
import { Alert, Stack, Tabs, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api, messageOf } from '../lib/api';
import { useSession } from '../session/session-context';
import { CategoryList } from './CategoryList';
import type { Category, Clock } from './clock-types';
import { ClockList } from './ClockList';
import { FormatPanel } from './FormatPanel';

const tabs = ['clocks', 'categories', 'formats'] as const;

export default function ClocksPage() {
  const { t } = useTranslation();
  const manage = useSession().can('manage_players');
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((name) => name === params.get('tab')) ?? 'clocks';
  const [clocks, setClocks] = useState<Clock[] | null>(null);
  const [categories, setCategories] = useState<Category[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    api.scheduling.clockSearch({}).then(setClocks, (e) => setError(messageOf(e)));
    api.scheduling.clockCategories({}).then(setCategories, (e) => setError(messageOf(e)));
  }, []);
  useEffect(load, [load]);
  return (
    <Stack>
      <Title order={2}>{t('Clocks')}</Title>
      {error && <Alert color="red" role="alert" title={t('Not done')} withCloseButton closeButtonLabel={t('Dismiss')} onClose={() => setError(null)}>{error}</Alert>}
      <Tabs value={tab} onChange={(value) => setParams(value && value !== 'clocks' ? { tab: value } : {})}>
        <Tabs.List>
          <Tabs.Tab value="clocks">{t('Clocks')}</Tabs.Tab>
          <Tabs.Tab value="categories">{t('Categories')}</Tabs.Tab>
          <Tabs.Tab value="formats">{t('Player formats')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="clocks">{clocks && categories && <ClockList clocks={clocks} categories={categories} manage={manage} onChanged={load} onError={setError} />}</Tabs.Panel>
        <Tabs.Panel value="categories">{categories && <CategoryList categories={categories} manage={manage} onChanged={load} onError={setError} />}</Tabs.Panel>
        <Tabs.Panel value="formats">{tab === 'formats' && clocks && <FormatPanel clocks={clocks} manage={manage} />}</Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
