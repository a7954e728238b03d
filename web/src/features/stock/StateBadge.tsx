// A consignment's state as a coloured badge, the same on the list and the card.
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATE_COLOR, stateLabels } from './labels';
import type { ConsignmentState } from './stockApi';

export function StateBadge({ state, testId }: { state: string; testId?: string }) {
  const { t } = useTranslation();
  const s = state as ConsignmentState;
  return (
    <Badge variant="light" color={STATE_COLOR[s]} data-testid={testId} data-state={state} styles={{ root: { textTransform: 'none' } }}>
      {stateLabels(t)[s] ?? state}
    </Badge>
  );
}
