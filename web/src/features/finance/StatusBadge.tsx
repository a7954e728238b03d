// An invoice's status as a coloured badge, the same on the list, the card
// and a deal's invoices.
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOR } from './format';

export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation();
  const label: Record<string, string> = {
    created: t('finance.status.created'),
    drawn: t('finance.status.drawn'),
    paid: t('finance.status.paid'),
    rejected: t('finance.status.rejected'),
  };
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} data-testid={testId} data-status={status} styles={{ root: { textTransform: 'none' } }}>
      {label[status] ?? status}
    </Badge>
  );
}
