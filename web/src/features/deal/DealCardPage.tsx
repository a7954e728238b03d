// /deals/{id}/card and /bp/{slug}/card/{id}: the deal card. Its fields,
// the transitions out of its state as buttons (a refused one disabled,
// its reasons beside it), the button scenarios likewise, and its status
// history.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { can } from '../../format/rights';
import { useEntity } from '../../data/hooks';
import { LinkName, isLink } from '../../fields/link/LinkName';
import type { TransitionOption } from './board';
import { applyTransition, applyTrigger, statusHistory, type StatusMove } from './dealApi';
import { money } from './money';
import { PositionsBlock } from './PositionsBlock';
import { DealLinked } from './DealLinked';
import { DealExtraFields } from './DealExtraFields';
import { WidgetSlot } from '../integration/widgets/WidgetSlot';
import { DealInvoices } from '../finance/DealInvoices';
import { PriceListSelect } from '../stock/PriceListSelect';

const RESULT_COLOR: Record<string, string> = { active: 'blue', positive: 'green', negative: 'red' };

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={160} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Group>
  );
}

const at = (v: { value: string } | null) => (v ? new Date(v.value).toLocaleString() : '');

function History({ moves }: { moves: StatusMove[] }) {
  const { t } = useTranslation();
  return (
    <Table data-testid="deal-history" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('deal.history.when')}</Table.Th>
          <Table.Th>{t('deal.history.from')}</Table.Th>
          <Table.Th>{t('deal.history.to')}</Table.Th>
          <Table.Th>{t('deal.history.who')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {moves.map((m) => (
          <Table.Tr key={m.id}>
            <Table.Td>{at(m.toStatusUpdated)}</Table.Td>
            <Table.Td>{m.fromStatus ? <LinkName link={m.fromStatus} /> : t('deal.history.created')}</Table.Td>
            <Table.Td>
              <LinkName link={m.toStatus} />
            </Table.Td>
            <Table.Td>{m.toStatusUser ? <LinkName link={m.toStatusUser} /> : t('deal.history.system')}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export default function DealCardPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const { entity: deal, state, error } = useEntity('Deal', id);
  const [moves, setMoves] = useState<StatusMove[]>([]);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const loadHistory = useCallback(() => statusHistory(id).then(setMoves, (err) => setFailed(errorText(err, t))), [id, t]);
  useEffect(() => void loadHistory(), [loadHistory]);

  if (state === 'error') return <Alert color="red">{errorText(error, t)}</Alert>;
  if (!deal) {
    return (
      <Center h={200}>
        <Loader />
      </Center>
    );
  }
  const options = (deal.possibleTransitions as TransitionOption[] | undefined) ?? [];
  // Button scenarios share the transitions' shape: enabled, or refused with reasons.
  const scenarios = (deal.possibleTriggers as TransitionOption[] | undefined) ?? [];
  const run = async (o: TransitionOption, scenario = false) => {
    setBusy(true);
    setFailed(null);
    try {
      await (scenario ? applyTrigger(id, o.id) : applyTransition(id, o.id));
      await loadHistory();
    } catch (err) {
      setFailed(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  const result = String(deal.result ?? 'active');
  return (
    <Stack gap="md" p="md" data-testid="deal-card-page">
      <WidgetSlot placeholder="deal_card_top" entity={deal} />
      <Group justify="space-between" align="flex-start">
        <Title order={2}>
          {deal.number ? `№${String(deal.number)} ` : ''}
          {String(deal.name ?? '')}
        </Title>
        <Group gap="md">
          <Anchor component={RouterLink} to={`/invoices/new?deal=${id}`} size="sm" data-testid="deal-new-invoice">
            {t('deal.card.newInvoice')}
          </Anchor>
          <Anchor component={RouterLink} to={`/consignments/add?deal=${id}`} size="sm" data-testid="deal-new-consignment">
            {t('stock.deal.newConsignment')}
          </Anchor>
          {/* Rights per state may leave act_edit out (docs/deal.md). */}
          {can(deal, 'edit') && (
            <Anchor component={RouterLink} to={`/entity/Deal/${id}/edit`} size="sm" data-testid="deal-edit">
              {t('deal.card.edit')}
            </Anchor>
          )}
        </Group>
      </Group>
      <Group gap="xs">
        {isLink(deal.state) && (
          <Badge variant="light" color={RESULT_COLOR[result]} data-testid="deal-state" styles={{ root: { textTransform: 'none' } }}>
            <LinkName link={deal.state} />
          </Badge>
        )}
        <Text size="sm" c="dimmed">
          {result === 'positive' ? t('deal.result.positive') : result === 'negative' ? t('deal.result.negative') : t('deal.result.active')}
        </Text>
      </Group>
      <WidgetSlot placeholder="deal_card_status" entity={deal} />
      {failed && (
        <Alert color="red" withCloseButton onClose={() => setFailed(null)} data-testid="deal-refused" style={{ whiteSpace: 'pre-line' }}>
          {failed}
        </Alert>
      )}
      {options.length > 0 && (
        <Group gap="xs" data-testid="deal-transitions">
          {options.map((o) => (
            <Tooltip key={o.id} label={(o.reasons ?? []).join('\n')} disabled={o.enabled} multiline w={280}>
              <span>
                <Button size="xs" variant={o.enabled ? 'filled' : 'default'} disabled={!o.enabled || busy} onClick={() => void run(o)}>
                  {o.name || t('deal.card.move')}
                </Button>
              </span>
            </Tooltip>
          ))}
        </Group>
      )}
      {scenarios.length > 0 && (
        <Group gap="xs" data-testid="deal-triggers">
          {scenarios.map((o) => (
            <Tooltip key={o.id} label={(o.reasons ?? []).join('\n')} disabled={o.enabled} multiline w={280}>
              <span>
                <Button size="xs" variant="light" disabled={!o.enabled || busy} onClick={() => void run(o, true)}>
                  {o.name}
                </Button>
              </span>
            </Tooltip>
          ))}
        </Group>
      )}
      <Paper withBorder p="md">
        <Stack gap={6}>
          <Field label={t('deal.card.program')}>{isLink(deal.program) ? <LinkName link={deal.program} /> : ''}</Field>
          <Field label={t('deal.card.contractor')}>{isLink(deal.contractor) ? <LinkName link={deal.contractor} /> : '—'}</Field>
          <Field label={t('deal.card.manager')}>{isLink(deal.manager) ? <LinkName link={deal.manager} /> : '—'}</Field>
          <Field label={t('deal.card.price')}>{money(deal.price) || '—'}</Field>
          <Field label={t('deal.card.cost')}>{money(deal.cost) || '—'}</Field>
          <Field label={t('deal.card.debt')}>
            <span data-testid="deal-debt">{money(deal.debt) || '—'}</span>
          </Field>
          <Field label={t('deal.card.description')}>{String(deal.description ?? '') || '—'}</Field>
          <DealExtraFields deal={deal} row={(label, value, key) => <Field key={key} label={label}>{value}</Field>} />
        </Stack>
      </Paper>
      <DealLinked dealId={id} />
      <PriceListSelect entity={deal} editable={can(deal, 'edit')} testId="deal-price-list" />
      <PositionsBlock dealId={id} editable={can(deal, 'edit')} />
      <WidgetSlot placeholder="deal_positions" entity={deal} />
      <DealInvoices dealId={id} />
      <WidgetSlot placeholder="deal_card_block" entity={deal} />
      <WidgetSlot placeholder="deal_card_tabs" entity={deal} />
      <Title order={4}>{t('deal.history.title')}</Title>
      <History moves={moves} />
    </Stack>
  );
}
