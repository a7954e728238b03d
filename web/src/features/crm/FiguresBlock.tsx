// A client's deal and invoice figures on the card, as the server sends
// them: a reader without the right to deals, invoices or finance gets no
// such fields, and the block shows only what came (docs/crm.md).
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../../data/types';
import { formatMoney, isMoney } from '../../format/money';

function Figure({ label, count, sum, testId }: { label: string; count?: unknown; sum?: unknown; testId: string }) {
  if (count === undefined && sum === undefined) return null;
  return (
    <Paper withBorder p="xs" data-testid={testId}>
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Group gap="xs">
          {typeof count === 'number' && (
            <Text fw={600} data-testid={`${testId}-count`}>
              {count}
            </Text>
          )}
          {isMoney(sum) && <Text size="sm">{formatMoney(sum)}</Text>}
        </Group>
      </Stack>
    </Paper>
  );
}

export function FiguresBlock({ entity }: { entity: Entity }) {
  const { t } = useTranslation();
  const e = entity;
  const shown = ['countDeals', 'countInvoice', 'summAccountReceivable'].some((f) => e[f] !== undefined);
  if (!shown) return null;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs" data-testid="client-figures">
      <Figure label={t('crm.figures.deals')} count={e.countDeals} sum={e.summDeals} testId="figure-deals" />
      <Figure label={t('crm.figures.activeDeals')} count={e.countActiveDeals} sum={e.summActiveDeals} testId="figure-active-deals" />
      <Figure label={t('crm.figures.wonDeals')} count={e.countPositiveDeals} sum={e.summPositiveDeals} testId="figure-won-deals" />
      <Figure label={t('crm.figures.invoices')} count={e.countInvoice} sum={e.summInvoice} testId="figure-invoices" />
      <Figure label={t('crm.figures.notPaid')} count={e.countNotPaidInvoice} sum={e.summNotPaidInvoice} testId="figure-not-paid" />
      <Figure label={t('crm.figures.receivable')} sum={e.summAccountReceivable} testId="figure-receivable" />
      <Figure label={t('crm.figures.overdue')} sum={e.summAccountReceivableOverdue} testId="figure-overdue" />
      <Figure label={t('crm.figures.balance')} sum={e.balance} testId="figure-balance" />
    </SimpleGrid>
  );
}
