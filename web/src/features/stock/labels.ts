// The words of a consignment's states, types and submit buttons, by value:
// i18n keys are written out, never built.
import type { TFunction } from 'i18next';
import type { ConsignmentKind, ConsignmentState } from './stockApi';

export const STATE_COLOR: Record<ConsignmentState, string> = {
  created: 'gray',
  reserved: 'yellow',
  performed: 'green',
  cancelled: 'red',
};

export function stateLabels(t: TFunction): Record<ConsignmentState, string> {
  return {
    created: t('stock.state.created'),
    reserved: t('stock.state.reserved'),
    performed: t('stock.state.performed'),
    cancelled: t('stock.state.cancelled'),
  };
}

export function typeLabels(t: TFunction): Record<ConsignmentKind, string> {
  return { income: t('stock.type.income'), expense: t('stock.type.expense'), movement: t('stock.type.movement') };
}

/** submitLabels: the editor's button reads by the target state (spec 001 §4.4). */
export function submitLabels(t: TFunction): Record<ConsignmentState, string> {
  return {
    created: t('stock.submit.created'),
    reserved: t('stock.submit.reserved'),
    performed: t('stock.submit.performed'),
    cancelled: t('stock.submit.cancelled'),
  };
}

/** moveLabel names a saved consignment's move: back to created is a resume, or removing a reserve. */
export function moveLabel(t: TFunction, from: string, to: ConsignmentState): string {
  if (to === 'created') return from === 'reserved' ? t('stock.move.unreserve') : t('stock.move.created');
  const labels: Record<ConsignmentState, string> = {
    created: t('stock.move.created'),
    reserved: t('stock.move.reserved'),
    performed: t('stock.move.performed'),
    cancelled: t('stock.move.cancelled'),
  };
  return labels[to];
}
