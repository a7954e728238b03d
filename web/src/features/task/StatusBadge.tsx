// A status as a coloured badge.
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusColor, statusLabel } from './labels';

export function StatusBadge({ status, size = 'sm' }: { status: unknown; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColor(status)} variant="light" size={size} data-testid="task-status" data-status={String(status ?? '')}>
      {statusLabel(status, t)}
    </Badge>
  );
}
