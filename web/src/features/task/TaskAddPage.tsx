// .../task/add: a new task or project, typed in or made from a template
// (POST /{task|project}/{id}/clone copies the template's whole subtree).
import { useCallback, useEffect, useState } from 'react';
import { Button, Group, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cardPath } from '../../app/paths';
import { errorText } from '../../app/errors/errorText';
import { api } from '../../data/api';
import type { Entity } from '../../data/types';
import { displayName } from '../../format/displayName';
import { WithType } from '../entity/WithType';
import { TaskForm } from './TaskForm';
import { cloneOf } from './taskApi';
import { WidgetSlot } from '../integration/widgets/WidgetSlot';

type Kind = 'Task' | 'Project';

/** useTemplates: the templates the reader may use (GET /task/templates, both kinds). */
function useTemplates(): Entity[] {
  const [templates, setTemplates] = useState<Entity[]>([]);
  useEffect(() => {
    let live = true;
    api.get<Entity[]>('task/templates').then(
      (env) => live && setTemplates(Array.isArray(env.data) ? env.data : []),
      (err: unknown) => console.warn('artel: templates not loaded', err),
    );
    return () => {
      live = false;
    };
  }, []);
  return templates;
}

function FromTemplate({ templates }: { templates: Entity[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const create = async () => {
    const template = templates.find((x) => String(x.id) === chosen);
    if (!template) return;
    setBusy(true);
    try {
      const made = await cloneOf({ contentType: template.contentType, id: String(template.id) }, false);
      navigate(cardPath({ contentType: made.contentType, id: String(made.id) }), { replace: true });
    } catch (err) {
      notifications.show({ color: 'red', title: t('task.template.failed'), message: errorText(err, t) });
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="sm">
      <Group align="flex-end" gap="xs">
        <Select
          label={t('task.template.pick')}
          placeholder={t('task.template.none')}
          data={templates.map((x) => ({ value: String(x.id), label: displayName(x, t) }))}
          value={chosen}
          onChange={setChosen}
          searchable
          style={{ flex: 1 }}
          data-testid="task-template-pick"
        />
        <Button disabled={!chosen} loading={busy} onClick={create} data-testid="task-template-create">
          {t('task.template.create')}
        </Button>
      </Group>
    </Paper>
  );
}

export default function TaskAddPage({ initial = 'Task' }: { initial?: Kind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [kind, setKind] = useState<Kind>(initial);
  const templates = useTemplates().filter((x) => x.contentType === kind);
  const onSaved = useCallback((e: Entity) => navigate(cardPath({ contentType: e.contentType, id: String(e.id) }), { replace: true }), [navigate]);
  return (
    <Stack gap="md" p="md" maw={900} data-testid="entity-form-page">
      <WidgetSlot placeholder="task_add" />
      <Title order={2}>{kind === 'Project' ? t('task.form.newProject') : t('task.form.newTask')}</Title>
      <SegmentedControl
        data={[
          { value: 'Task', label: t('task.form.task') },
          { value: 'Project', label: t('task.form.project') },
        ]}
        value={kind}
        onChange={(v) => setKind(v as Kind)}
        style={{ alignSelf: 'flex-start' }}
        data-testid="task-add-kind"
      />
      {templates.length > 0 && <FromTemplate key={kind} templates={templates} />}
      {templates.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('task.form.orFill')}
        </Text>
      )}
      <WithType contentType={kind}>{(type) => <TaskForm key={type.name} type={type} onSaved={onSaved} />}</WithType>
    </Stack>
  );
}
