// A to-do's repetition on its card: shown in words, changed in a small
// form (every N days, weeks on chosen days, months or years; for ever,
// until a date or N times) or stopped. A new rule remakes the to-dos of
// the series not begun yet (docs/todo.md).
import { Alert, Button, Chip, Group, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../../data/types';
import { describeRepeat, repeatOf, type Interval, type Repeat } from './repeat';
import { setRepeat } from './todoApi';

const NEW: Repeat = { interval: 'week', each: 1, weekDays: [], end: 'never', endDate: '', repetitions: 10 };

export default function RepeatEditor({ todo, onChanged }: { todo: Entity; onChanged(t: Entity): void }) {
  const { t, i18n } = useTranslation();
  const current = repeatOf(todo.schedule);
  const [draft, setDraft] = useState<Repeat | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canEdit = ((todo.possibleActions as string[] | undefined) ?? []).includes('act_edit');
  const run = (r: Repeat | null) => {
    setBusy(true);
    setError(null);
    setRepeat(String(todo.id), r).then(
      (next) => {
        setBusy(false);
        setDraft(null);
        onChanged(next);
      },
      (e: unknown) => {
        setBusy(false);
        setError(e instanceof Error ? e.message : String(e));
      },
    );
  };
  const set = (patch: Partial<Repeat>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const names = new Intl.DateTimeFormat(i18n.language, { weekday: 'short' });
  return (
    <Stack gap={4} data-testid="todo-repeat">
      <Group gap="xs">
        <Text size="sm" fw={600}>{t('todo.repeat.title')}:</Text>
        <Text size="sm" data-testid="todo-repeat-text">{current ? describeRepeat(current, t, i18n.language) : t('todo.repeat.none')}</Text>
        {canEdit && !draft && (
          <Button size="compact-xs" variant="subtle" onClick={() => setDraft(current ?? NEW)} data-testid="todo-repeat-edit">{t('todo.repeat.change')}</Button>
        )}
        {canEdit && !draft && current && (
          <Button size="compact-xs" variant="subtle" color="red" loading={busy} onClick={() => run(null)}>{t('todo.repeat.stop')}</Button>
        )}
      </Group>
      {draft && (
        <Stack gap="xs" p="xs" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 6 }}>
          <Group gap="xs" align="end">
            <NumberInput label={t('todo.repeat.each')} min={1} max={1000} w={90} value={draft.each} onChange={(v) => set({ each: Number(v) || 1 })} />
            <Select
              w={160}
              allowDeselect={false}
              data={(['day', 'week', 'month', 'year'] as Interval[]).map((v) => ({ value: v, label: t(`todo.repeat.unit.${v}`) }))}
              value={draft.interval}
              onChange={(v) => set({ interval: (v as Interval) ?? 'week' })}
              data-testid="todo-repeat-interval"
            />
          </Group>
          {draft.interval === 'week' && (
            <Chip.Group multiple value={draft.weekDays.map(String)} onChange={(v) => set({ weekDays: v.map(Number) })}>
              <Group gap={4}>
                {[1, 2, 3, 4, 5, 6, 7].map((d) => (
                  <Chip key={d} value={String(d)} size="xs">{names.format(new Date(2024, 0, d))}</Chip>
                ))}
              </Group>
            </Chip.Group>
          )}
          <SegmentedControl
            size="xs"
            value={draft.end}
            onChange={(v) => set({ end: v as Repeat['end'] })}
            data={[
              { value: 'never', label: t('todo.repeat.end.never') },
              { value: 'date', label: t('todo.repeat.end.date') },
              { value: 'count', label: t('todo.repeat.end.count') },
            ]}
          />
          {draft.end === 'date' && (
            <TextInput type="date" w={180} value={draft.endDate} onChange={(e) => set({ endDate: e.currentTarget.value })} aria-label={t('todo.repeat.end.date')} />
          )}
          {draft.end === 'count' && (
            <NumberInput min={1} max={100000} w={120} value={draft.repetitions} onChange={(v) => set({ repetitions: Number(v) || 1 })}
              aria-label={t('todo.repeat.end.count')} data-testid="todo-repeat-count" />
          )}
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setDraft(null)}>{t('todo.create.cancel')}</Button>
            <Button size="xs" loading={busy} onClick={() => run(draft)} data-testid="todo-repeat-save">{t('todo.repeat.save')}</Button>
          </Group>
        </Stack>
      )}
      {error && <Alert color="red">{error}</Alert>}
    </Stack>
  );
}
