// Bonuses and fines of a task: who gave what to whom and why; the owner or
// the responsible adds one (POST /task/{id}/bonus).
import { useState } from 'react';
import { Button, Collapse, Group, NumberInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { FieldInfo } from '../../data/catalog';
import { useLinked } from '../../data/hooks';
import type { Entity, Link } from '../../data/types';
import { fieldKind } from '../../fields';
import { LinkName, isLink } from '../../fields/link/LinkName';
import { formatMoney, isMoney } from '../../format/money';
import { actionsOf } from './machine';
import { addBonus } from './taskApi';

const toField = (label: string): FieldInfo => ({ name: 'to', kind: 'link', label, targets: ['Employee'], sortable: false, readOnly: false, required: false, writeOnly: false });

function BonusRow({ link }: { link: Link }) {
  const { t } = useTranslation();
  const b = useLinked(link);
  if (!b) return null;
  const fine = b.type === 'fine';
  return (
    <Group gap="xs" wrap="nowrap" data-testid="task-bonus">
      <Text size="sm" c={fine ? 'red' : 'green'} fw={600}>
        {fine ? t('task.bonuses.fine') : t('task.bonuses.bonus')} {isMoney(b.value) ? formatMoney(b.value) : ''}
      </Text>
      {isLink(b.to) && (
        <Text size="sm">
          <LinkName link={b.to} />
        </Text>
      )}
      {typeof b.comment === 'string' && b.comment && (
        <Text size="xs" c="dimmed">
          {b.comment}
        </Text>
      )}
    </Group>
  );
}

function AddBonus({ task, onAdded }: { task: Entity; onAdded(): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState('bonus');
  const [amount, setAmount] = useState<number | string>('');
  const [to, setTo] = useState<unknown>(task.responsible ?? null);
  const [comment, setComment] = useState('');
  const [saving, setSaving] = useState(false);
  const { Editor } = fieldKind('link');
  const submit = async () => {
    setSaving(true);
    try {
      await addBonus({ contentType: task.contentType, id: String(task.id) }, { type, value: { contentType: 'Money', value: Number(amount) }, to, comment });
      setAmount('');
      setComment('');
      setOpen(false);
      onAdded();
    } catch (err) {
      notifications.show({ color: 'red', title: t('task.bonuses.failed'), message: errorText(err, t) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button size="xs" variant="subtle" onClick={() => setOpen((o) => !o)} style={{ alignSelf: 'flex-start' }} data-testid="task-bonus-toggle">
        {t('task.bonuses.add')}
      </Button>
      <Collapse expanded={open}>
        <Stack gap="xs">
          <SegmentedControl
            size="xs"
            data={[
              { value: 'bonus', label: t('task.bonuses.bonus') },
              { value: 'fine', label: t('task.bonuses.fine') },
            ]}
            value={type}
            onChange={setType}
            style={{ alignSelf: 'flex-start' }}
          />
          <Group grow>
            <NumberInput size="xs" label={t('task.bonuses.amount')} min={0} value={amount} onChange={setAmount} />
            <Editor field={toField(t('task.bonuses.to'))} value={to} onChange={setTo} />
          </Group>
          <TextInput size="xs" label={t('task.bonuses.comment')} value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
          <Button size="xs" loading={saving} disabled={amount === '' || Number(amount) <= 0} onClick={submit} style={{ alignSelf: 'flex-start' }}>
            {t('task.card.save')}
          </Button>
        </Stack>
      </Collapse>
    </>
  );
}

export function BonusesBlock({ entity, onChanged }: { entity: Entity; onChanged(): void }) {
  const { t } = useTranslation();
  const links = [...(Array.isArray(entity.bonuses) ? entity.bonuses : []), ...(Array.isArray(entity.fine) ? entity.fine : [])].filter(isLink);
  const canAdd = actionsOf(entity).includes('act_edit');
  if (!canAdd && links.length === 0) return null;
  return (
    <Stack gap={6} data-testid="task-bonuses">
      <Title order={5}>{t('task.bonuses.title')}</Title>
      {links.map((l) => (
        <BonusRow key={`${l.contentType}:${l.id}`} link={{ contentType: l.contentType, id: String(l.id) }} />
      ))}
      {canAdd && <AddBonus task={entity} onAdded={onChanged} />}
    </Stack>
  );
}
