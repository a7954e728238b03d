// A pending request to move the deadline: what was asked and why. The
// owner answers with act_accept_deadline / act_reject_deadline, which the
// action buttons offer.
import { Alert } from '@mantine/core';
import { IconCalendarQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLinked } from '../../data/hooks';
import type { Link } from '../../data/types';
import { fieldKind } from '../../fields';
import { LinkName, isLink } from '../../fields/link/LinkName';

const deadlineField = { name: 'deadline', kind: 'DateOnly|DateTime', label: '', sortable: false, readOnly: true, required: false, writeOnly: false };

export function DeadlineRequest({ link }: { link: Link }) {
  const { t } = useTranslation();
  const request = useLinked(link);
  const { Display } = fieldKind(deadlineField.kind);
  if (!request) return null;
  return (
    <Alert color="yellow" icon={<IconCalendarQuestion size={18} />} title={t('task.deadline.pending')} data-testid="task-deadline-request">
      {isLink(request.owner) && <LinkName link={request.owner} />}{' '}
      {t('task.deadline.asks')} <Display value={request.deadline} field={deadlineField} />
      {typeof request.request === 'string' && request.request ? ` — ${request.request}` : ''}
    </Alert>
  );
}
