// /consignments/{id}/card and /consignments/add[?deal=]: the consignment
// editor. Its submit button reads by the target state (Create, Reserve,
// Perform, Cancel); performing asks a confirmation with "do not show
// again"; the server's stock refusals are shown in its words.
import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Center, Group, Loader, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useEntity } from '../../data/hooks';
import type { Entity, Link } from '../../data/types';
import { LinkName, isLink } from '../../fields/link/LinkName';
import { money } from '../deal/money';
import { moveLabel, submitLabels, typeLabels } from './labels';
import { DeficitWarning } from './DeficitWarning';
import { PerformConfirm, skipPerformConfirm } from './PerformConfirm';
import { RowsEditor } from './RowsEditor';
import { StateBadge } from './StateBadge';
import { consignmentRows, dealRows, draftTotal, saveConsignment, setState, type ConsignmentDraft, type ConsignmentKind, type ConsignmentState } from './stockApi';
import { WarehouseSelect } from './WarehouseSelect';

const blank = (): ConsignmentDraft => ({ kind: 'income', warehouse: null, warehouseTo: null, deal: null, description: '', rows: [{ offer: null, quantity: 1, price: 0 }] });

export default function ConsignmentCardPage({ id, dealId }: { id?: string; dealId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { entity: saved, state: loadState, error } = useEntity('Consignment', id);
  const [draft, setDraft] = useState<ConsignmentDraft | null>(null);
  const [target, setTarget] = useState<ConsignmentState>('created');
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<(() => void) | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (id) return;
    if (!dealId) return setDraft(blank());
    dealRows(dealId).then(
      (rows) => setDraft({ ...blank(), kind: 'expense', deal: { contentType: 'Deal', id: dealId }, rows: rows.length ? rows : blank().rows }),
      (err) => setFailed(errorText(err, t)),
    );
  }, [id, dealId, t]);
  const loaded = !!saved;
  useEffect(() => {
    if (!id || !saved) return;
    consignmentRows(id).then(
      (rows) => {
        setDraft({
          kind: (saved.type as ConsignmentKind) ?? 'income',
          warehouse: isLink(saved.warehouse) ? saved.warehouse : null,
          warehouseTo: null,
          deal: isLink(saved.deal) ? saved.deal : null,
          description: String(saved.description ?? ''),
          rows,
        });
        setTarget((saved.state as ConsignmentState) ?? 'created');
      },
      (err) => setFailed(errorText(err, t)),
    );
    // The draft is taken once per consignment; later store updates are our own saves.
  }, [id, loaded]);

  if (id && loadState === 'error') return <Alert color="red">{errorText(error, t)}</Alert>;
  if (!draft) return failed ? <Alert color="red">{failed}</Alert> : <Center h={200}><Loader /></Center>;

  const current = (saved?.state as ConsignmentState | undefined) ?? 'created';
  const performed = current === 'performed';
  const possible = (saved?.possibleStates as ConsignmentState[] | undefined) ?? [];
  const targets: ConsignmentState[] = id ? [current, ...possible.filter((s) => s !== 'created' || current !== 'created')] : draft.kind === 'movement' ? ['performed'] : ['created', 'reserved', 'performed'];
  const chosen = targets.includes(target) ? target : targets[0];
  const submit = submitLabels(t);
  const types = typeLabels(t);

  const run = async (fn: () => Promise<Entity>) => {
    setBusy(true);
    setFailed(null);
    try {
      const c = await fn();
      if (!id || String(c.id) !== id) navigate(`/consignments/${String(c.id)}/card`, { replace: !id });
      else setDraft({ ...draft, rows: await consignmentRows(id) });
      setVersion((v) => v + 1);
    } catch (err) {
      setFailed(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  const guarded = (to: ConsignmentState, fn: () => Promise<Entity>) => {
    if (to === 'performed' && current !== 'performed' && !skipPerformConfirm()) setConfirming(() => () => void run(fn));
    else void run(fn);
  };
  const kinds: ConsignmentKind[] = ['income', 'expense', 'movement'];
  return (
    <Stack gap="md" p="md" data-testid="consignment-card">
      <Group justify="space-between" align="flex-start">
        <Title order={2}>{id ? t('stock.card.title', { number: String(saved?.number ?? saved?.id ?? '') }) : t('stock.card.newTitle')}</Title>
        <Anchor component={RouterLink} to="/consignments" size="sm">
          {t('stock.card.toList')}
        </Anchor>
      </Group>
      {id && (
        <Group gap="xs">
          <StateBadge state={current} testId="consignment-state" />
          {performed && (
            <Button size="xs" variant="default" disabled={busy} data-testid="consignment-resume" onClick={() => void run(() => setState(id, 'created'))}>
              {moveLabel(t, current, 'created')}
            </Button>
          )}
          {isLink(saved?.linkedConsignment) && (
            <Text size="sm">
              {t('stock.card.linked')}{' '}
              <Anchor component={RouterLink} to={`/consignments/${(saved!.linkedConsignment as Link).id}/card`}>
                №{(saved!.linkedConsignment as Link).id}
              </Anchor>
            </Text>
          )}
        </Group>
      )}
      {draft.kind === 'expense' && draft.warehouse && !performed && current !== 'cancelled' && (id || draft.deal) && (
        <DeficitWarning warehouse={draft.warehouse} of={id ? { contentType: 'Consignment', id } : draft.deal!} version={version} />
      )}
      {failed && (
        <Alert color="red" withCloseButton onClose={() => setFailed(null)} data-testid="consignment-refused" style={{ whiteSpace: 'pre-line' }}>
          {failed}
        </Alert>
      )}
      <Paper withBorder p="md">
        <Stack gap="sm">
          <SegmentedControl w="fit-content" disabled={!!id} value={draft.kind} data-testid="consignment-type"
            onChange={(v) => setDraft({ ...draft, kind: v as ConsignmentKind })} data={kinds.map((k) => ({ value: k, label: types[k] }))} />
          <Group align="flex-end">
            <WarehouseSelect label={draft.kind === 'movement' ? t('stock.card.warehouseFrom') : t('stock.card.warehouse')} placeholder={t('stock.card.warehousePick')}
              value={draft.warehouse} disabled={performed} testId="consignment-warehouse" onChange={(warehouse) => setDraft({ ...draft, warehouse })} />
            {draft.kind === 'movement' && (
              <WarehouseSelect label={t('stock.card.warehouseTo')} placeholder={t('stock.card.warehousePick')} value={draft.warehouseTo} disabled={false}
                testId="consignment-warehouse-to" onChange={(warehouseTo) => setDraft({ ...draft, warehouseTo })} />
            )}
            <TextInput label={t('stock.card.description')} value={draft.description} disabled={performed} w={360}
              onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })} />
          </Group>
          {draft.deal && (
            <Text size="sm">
              {t('stock.card.deal')}{' '}
              <Anchor component={RouterLink} to={`/deals/${draft.deal.id}/card`} data-testid="consignment-deal">
                <LinkName link={draft.deal} />
              </Anchor>
            </Text>
          )}
          <RowsEditor rows={draft.rows} onChange={(rows) => setDraft({ ...draft, rows })} readOnly={performed} />
          <Group justify="flex-end">
            <Text fw={600}>
              {t('stock.card.total')} <span data-testid="consignment-total">{money({ value: draftTotal(draft.rows), currency: 'RUB' })}</span>
            </Text>
          </Group>
          {!performed && (
            <Group justify="flex-end" align="flex-end">
              {targets.length > 1 && (
                <Stack gap={2}>
                  <Text size="xs" c="dimmed">
                    {t('stock.card.target')}
                  </Text>
                  <SegmentedControl value={chosen} onChange={(v) => setTarget(v as ConsignmentState)} data-testid="consignment-target"
                    data={targets.map((s) => ({ value: s, label: submit[s] }))} />
                </Stack>
              )}
              <Button loading={busy} data-testid="consignment-submit" data-target={chosen} color={chosen === 'performed' ? 'green' : chosen === 'cancelled' ? 'red' : undefined}
                onClick={() => guarded(chosen, () => saveConsignment(draft, chosen, id))}>
                {submit[chosen]}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      <PerformConfirm opened={!!confirming} onClose={() => setConfirming(null)} onConfirm={() => { const go = confirming; setConfirming(null); go?.(); }} />
    </Stack>
  );
}
