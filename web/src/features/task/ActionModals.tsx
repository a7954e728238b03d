// The two actions that need more than a click: delegating (to whom) and
// changing the deadline (to when, and why when it is a request). Each is
// mounted only while open, so it starts from the record as it is then.
import { useState } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldInfo } from '../../data/catalog';
import type { Link } from '../../data/types';
import { fieldKind } from '../../fields';

const field = (name: string, kind: string, label: string, targets?: string[]): FieldInfo => ({
  name, kind, label, targets, sortable: false, readOnly: false, required: true, writeOnly: false,
});

interface DelegateProps {
  onClose(): void;
  onSubmit(responsible: Link, text: string): void;
}

export function DelegateModal({ onClose, onSubmit }: DelegateProps) {
  const { t } = useTranslation();
  const [who, setWho] = useState<Link | null>(null);
  const [text, setText] = useState('');
  const { Editor } = fieldKind('link');
  return (
    <Modal opened onClose={onClose} title={t('task.action.delegate')}>
      <Stack data-testid="task-delegate">
        <Editor field={field('responsible', 'link', t('task.delegate.to'), ['Employee'])} value={who} onChange={(v) => setWho(v as Link | null)} />
        <Textarea label={t('task.action.reason')} autosize minRows={2} value={text} onChange={(e) => setText(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button
            disabled={!who}
            onClick={() => {
              if (!who) return;
              onSubmit(who, text);
              onClose();
            }}
            data-testid="task-delegate-submit"
          >
            {t('task.action.delegate')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface DeadlineProps {
  /** The reader asks the owner rather than moving the deadline. */
  asking: boolean;
  current: unknown;
  onClose(): void;
  onSubmit(deadline: unknown, request: string): void;
}

export function DeadlineModal({ asking, current, onClose, onSubmit }: DeadlineProps) {
  const { t } = useTranslation();
  const [deadline, setDeadline] = useState<unknown>(current ?? null);
  const [reason, setReason] = useState('');
  const kind = 'DateOnly|DateTime';
  const { Editor } = fieldKind(kind);
  return (
    <Modal opened onClose={onClose} title={asking ? t('task.deadline.ask') : t('task.deadline.change')}>
      <Stack data-testid="task-deadline">
        <Editor field={field('deadline', kind, t('task.deadline.new'))} value={deadline} onChange={setDeadline} />
        {asking && <Textarea label={t('task.deadline.reason')} autosize minRows={2} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />}
        <Group justify="flex-end">
          <Button
            disabled={!deadline}
            onClick={() => {
              onSubmit(deadline, reason);
              onClose();
            }}
            data-testid="task-deadline-submit"
          >
            {asking ? t('task.deadline.send') : t('task.deadline.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
