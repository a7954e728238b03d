// The rule editor: a condition (a transition's `condition`, a scenario's
// `rule`) shown as a sentence, and edited in a dialog as groups of
// conditions joined by AND or OR, each one negatable. The form and its
// JSON are ruleModel.ts; the sentence is ruleSentence.ts.
import { useState } from 'react';
import { Button, Group, Modal, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StateInfo } from './dealApi';
import { RuleItem } from './RuleItem';
import { fromRule, incomplete, newCond, toRule, type Cond, type Group as RuleGroupModel, type RuleField } from './ruleModel';
import { sentence } from './ruleSentence';

function RuleGroup({ value, fields, states, onChange, depth }: {
  value: RuleGroupModel;
  fields: RuleField[];
  states: StateInfo[];
  onChange(g: RuleGroupModel): void;
  depth: number;
}) {
  const { t } = useTranslation();
  const setItem = (i: number, c: Cond) => onChange({ ...value, items: value.items.map((x, j) => (j === i ? c : x)) });
  const drop = (i: number) => onChange({ ...value, items: value.items.filter((_, j) => j !== i) });
  const add = (c: Cond) => onChange({ ...value, items: [...value.items, c] });
  return (
    <Paper withBorder={depth > 0} p={depth > 0 ? 'xs' : 0} data-testid="rule-group">
      <Stack gap="xs">
        {value.items.length > 1 && (
          <SegmentedControl size="xs" value={value.all ? 'all' : 'any'} onChange={(v) => onChange({ ...value, all: v === 'all' })} data-testid="rule-join"
            data={[{ value: 'all', label: t('deal.rule.all') }, { value: 'any', label: t('deal.rule.any') }]} style={{ alignSelf: 'flex-start' }} />
        )}
        {value.items.map((c, i) => (
          <RuleItem key={i} value={c} fields={fields} states={states} onChange={(n) => setItem(i, n)} onRemove={() => drop(i)}
            renderGroup={(g, change) => <RuleGroup value={g} fields={fields} states={states} onChange={change} depth={depth + 1} />} />
        ))}
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => add(newCond('field', fields))} data-testid="rule-add">
            {t('deal.rule.add')}
          </Button>
          {/* The server nests up to 16 deep; a few levels are all a person reads. */}
          {depth < 3 && (
            <Button size="xs" variant="subtle" onClick={() => add(newCond('group', fields))} data-testid="rule-add-group">
              {t('deal.rule.addGroup')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * RuleCondition shows a condition as a sentence with a button that opens
 * the editor; saving hands the rule object (null for none) to onSave.
 */
export function RuleCondition({ rule, fields, states, onSave, testId }: {
  rule: unknown;
  fields: RuleField[];
  states: StateInfo[];
  onSave(rule: unknown): Promise<unknown> | void;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<RuleGroupModel | null>(null);
  const ctx = { t, fields, lang: i18n.language, stateName: (id: string) => states.find((s) => s.id === id)?.name ?? id };
  const shown = fromRule(rule, fields);
  const save = async (g: RuleGroupModel | null) => {
    await onSave(g ? toRule(g, fields) : null);
    setDraft(null);
  };
  return (
    <>
      <Group gap={4} wrap="nowrap" data-testid={testId}>
        <Text size="sm" c={rule ? undefined : 'dimmed'} data-testid="rule-sentence">{sentence(shown, ctx)}</Text>
        <Button size="compact-xs" variant="subtle" aria-label={t('deal.rule.edit')} onClick={() => setDraft(shown)} data-testid="rule-edit">
          <IconPencil size={14} />
        </Button>
      </Group>
      <Modal opened={draft !== null} onClose={() => setDraft(null)} title={t('deal.rule.title')} size="xl">
        {draft && (
          <Stack gap="sm" data-testid="rule-modal">
            <Text size="sm" data-testid="rule-preview">{sentence(draft, ctx)}</Text>
            <RuleGroup value={draft} fields={fields} states={states} onChange={setDraft} depth={0} />
            <Group justify="space-between">
              <Button size="xs" variant="subtle" color="red" onClick={() => void save(null)} data-testid="rule-clear">
                {t('deal.rule.clear')}
              </Button>
              <Group gap="xs">
                <Button size="xs" variant="default" onClick={() => setDraft(null)}>{t('deal.rule.cancel')}</Button>
                <Button size="xs" disabled={incomplete(draft, fields)} onClick={() => void save(draft)} data-testid="rule-save">
                  {t('deal.rule.save')}
                </Button>
              </Group>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
