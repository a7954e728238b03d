// A statement's preview: each line, and what booking it will do (the
// invoices an income pays and each one's part, unmatched, or skipped as
// imported before).
import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { money } from '../deal/money';
import type { PlanLine } from './financeApi';
import { countStates, lineState } from './importPlan';

const COLOR = { skipped: 'gray', expense: 'orange', matched: 'green', unmatched: 'yellow' } as const;

export function ImportPreview({ lines }: { lines: PlanLine[] }) {
  const { t } = useTranslation();
  const counts = countStates(lines);
  return (
    <>
      <Text size="sm" data-testid="fin-preview-summary">{t('finance.import.summary', counts)}</Text>
      <Table striped data-testid="fin-preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('finance.import.date')}</Table.Th>
            <Table.Th>{t('finance.import.party')}</Table.Th>
            <Table.Th>{t('finance.import.purpose')}</Table.Th>
            <Table.Th>{t('finance.ops.sum')}</Table.Th>
            <Table.Th>{t('finance.import.books')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l, i) => {
            const state = lineState(l);
            return (
              <Table.Tr key={i} data-testid="fin-preview-line">
                <Table.Td>{l.date} № {l.number}</Table.Td>
                <Table.Td>{l.party}{l.partyInn && <Text size="xs" c="dimmed">{t('finance.import.inn')} {l.partyInn}</Text>}</Table.Td>
                <Table.Td>{l.purpose}</Table.Td>
                <Table.Td>{l.income ? '+' : '−'}{money(l.sum)}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge color={COLOR[state]} variant="light">{t(`finance.import.state.${state}`)}</Badge>
                    {l.invoices.map((p) => (
                      <Anchor key={p.invoice.id} size="sm" component={RouterLink} to={`/invoices/${p.invoice.id}/card`}>
                        {t('finance.import.part', { number: p.number, sum: money(p.sum) })}
                      </Anchor>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </>
  );
}
