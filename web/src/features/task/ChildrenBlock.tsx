// The work under a record: a task's subtasks, a project's tasks and
// subprojects, with a quick add of a subtask by its name.
import { useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cardPath } from '../../app/paths';
import { errorText } from '../../app/errors/errorText';
import { useList } from '../../data/hooks';
import { isTempId, type Entity } from '../../data/types';
import { LinkName, isLink } from '../../fields/link/LinkName';
import { displayName } from '../../format/displayName';
import { actionsOf } from './machine';
import { StatusBadge } from './StatusBadge';

const ROW_FIELDS = ['name', 'humanNumber', 'status', 'responsible', 'possibleActions'];

function ChildRow({ item }: { item: Entity }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" data-testid="task-child" data-id={item.id}>
      <StatusBadge status={item.status} size="xs" />
      {isTempId(item.id) ? (
        <Text size="sm">{displayName(item, t)}</Text>
      ) : (
        <Anchor component={RouterLink} to={cardPath({ contentType: item.contentType, id: String(item.id) })} size="sm" lineClamp={1}>
          {displayName(item, t)}
        </Anchor>
      )}
      {isLink(item.responsible) && (
        <Text size="xs" c="dimmed" component="span">
          <LinkName link={item.responsible} />
        </Text>
      )}
    </Group>
  );
}

function ChildList({ contentType = 'Task', endpoint, title, parent, canAdd }: { contentType?: string; endpoint: string; title: string; parent?: Entity; canAdd: boolean }) {
  const { t } = useTranslation();
  const list = useList({ contentType, endpoint, fields: ROW_FIELDS, limit: 50 });
  const [name, setName] = useState('');
  const placeholder = parent?.contentType === 'Project' ? t('task.children.placeholderProject') : t('task.children.placeholder');
  const add = async () => {
    if (!parent || !name.trim()) return;
    const body = { name: name.trim(), parent: { contentType: parent.contentType, id: String(parent.id) } };
    setName('');
    try {
      await list.add(body);
    } catch (err) {
      setName(body.name);
      notifications.show({ color: 'red', title: t('task.children.addFailed'), message: errorText(err, t) });
    }
  };
  if (!canAdd && list.state === 'completed' && list.items.length === 0) return null;
  return (
    <Stack gap={6} data-testid="task-children">
      <Title order={5}>
        {title}
        {list.count ? ` (${list.count})` : ''}
      </Title>
      {list.items.map((item) => (
        <ChildRow key={`${item.contentType}:${item.id}`} item={item} />
      ))}
      {list.hasMoreNext && (
        <Button size="xs" variant="subtle" onClick={list.loadNext} loading={list.nextState === 'pending'} style={{ alignSelf: 'flex-start' }}>
          {t('task.children.more')}
        </Button>
      )}
      {canAdd && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <Group gap="xs" wrap="nowrap">
            <TextInput size="xs" style={{ flex: 1 }} placeholder={placeholder} aria-label={placeholder} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="task-child-input" />
            <ActionIcon type="submit" variant="light" aria-label={t('task.children.add')} disabled={!name.trim()} data-testid="task-child-add">
              <IconPlus size={16} />
            </ActionIcon>
          </Group>
        </form>
      )}
    </Stack>
  );
}

export function ChildrenBlock({ entity }: { entity: Entity }) {
  const { t } = useTranslation();
  const canAdd = actionsOf(entity).includes('act_edit');
  if (entity.contentType === 'Project') {
    return (
      <>
        <ChildList endpoint={`project/${entity.id}/tasks`} title={t('task.children.tasks')} parent={entity} canAdd={canAdd} />
        <ChildList contentType="Project" endpoint={`project/${entity.id}/subProjects`} title={t('task.children.subProjects')} canAdd={false} />
      </>
    );
  }
  return <ChildList endpoint={`task/${entity.id}/subTasks`} title={t('task.children.subTasks')} parent={entity} canAdd={canAdd} />;
}
