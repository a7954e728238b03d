// /orgchart: the company's structure drawn from the department tree, each
// department with its head and its people. An administrator (the only one
// who may change departments) drags a department under another, or to the
// top, and a person into another department; the server refuses a loop
// (422 department_cycle) and the chart reloads from the server either way.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { DndContext, KeyboardSensor, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { Alert, Anchor, Badge, Box, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useSession } from '../../app/session';
import type { Entity } from '../../data/types';
import { buildTree, within, type OrgNode } from './orgTree';
import { Birthdays } from './Birthdays';
import { DepartmentMenu } from './DepartmentMenu';
import { personName } from './FirePage';
import { staffApi } from './staffApi';

const TOP = 'top';

function Person({ e, canDrag }: { e: Entity; canDrag: boolean }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `e:${e.id}`, disabled: !canDrag });
  return (
    <Box ref={setNodeRef} {...(canDrag ? { ...attributes, ...listeners } : {})} style={{ opacity: isDragging ? 0.4 : 1, cursor: canDrag ? 'grab' : undefined }}
      data-testid="orgchart-person" data-id={e.id}>
      <Anchor component={RouterLink} to={`/staff/${e.id}/card`} size="sm">{personName(e)}</Anchor>
    </Box>
  );
}

interface Edit {
  posts: Entity[];
  people: Entity[];
  onChanged: () => void;
}

function Department({ node, canDrag, edit }: { node: OrgNode; canDrag: boolean; edit: Edit | null }) {
  const { t } = useTranslation();
  const drag = useDraggable({ id: `d:${node.dept.id}`, disabled: !canDrag });
  const drop = useDroppable({ id: `d:${node.dept.id}` });
  return (
    <Stack gap={6} style={{ opacity: drag.isDragging ? 0.4 : 1 }}>
      <Paper ref={drop.setNodeRef} withBorder p="sm" miw={220} bg={drop.isOver ? 'var(--mantine-color-blue-light)' : undefined}
        data-testid="orgchart-department" data-id={node.dept.id}>
        <Group gap="xs" wrap="nowrap" ref={drag.setNodeRef} {...(canDrag ? { ...drag.attributes, ...drag.listeners } : {})}
          style={{ cursor: canDrag ? 'grab' : undefined }} data-testid="orgchart-department-handle">
          <Text fw={600} data-testid="orgchart-department-name">{String(node.dept.name ?? '')}</Text>
          <Badge size="xs" variant="light">{node.people.length}</Badge>
          {node.vacant > 0 && <Badge size="xs" color="orange" variant="light" data-testid="orgchart-vacant">{t('staff.org.vacant', { count: node.vacant })}</Badge>}
          {edit && <Box ml="auto"><DepartmentMenu node={node} {...edit} /></Box>}
        </Group>
        <Text size="xs" c="dimmed" data-testid="orgchart-head">
          {node.head ? t('staff.org.head', { name: personName(node.head) }) : t('staff.org.noHead')}
        </Text>
        <Stack gap={2} mt={4}>
          {node.people.map((p) => <Person key={p.id} e={p} canDrag={canDrag} />)}
        </Stack>
      </Paper>
      {node.children.length > 0 && (
        <Group align="flex-start" gap="md" pl="lg" style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}>
          {node.children.map((c) => <Department key={c.dept.id} node={c} canDrag={canDrag} edit={edit} />)}
        </Group>
      )}
    </Stack>
  );
}

function Top({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: TOP });
  return (
    <Paper ref={setNodeRef} p="xs" withBorder style={{ borderStyle: 'dashed' }} bg={isOver ? 'var(--mantine-color-blue-light)' : undefined} data-testid="orgchart-top">
      <Text size="xs" c="dimmed" mb="xs">{t('staff.org.top')}</Text>
      {children}
    </Paper>
  );
}

export default function OrgChart() {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const [data, setData] = useState<{ depts: Entity[]; posts: Entity[]; people: Entity[] } | null>(null);
  const [error, setError] = useState('');
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor));

  const load = useCallback(() => {
    Promise.all([staffApi.departments(), staffApi.posts(), staffApi.working()]).then(
      ([depts, posts, people]) => setData({ depts, posts, people }),
      (err: unknown) => setError(errorText(err, t)),
    );
  }, [t]);
  useEffect(load, [load]);
  const tree = useMemo(() => (data ? buildTree(data.depts, data.posts, data.people) : null), [data]);
  const edit = useMemo(() => (isAdmin && data ? { posts: data.posts, people: data.people, onChanged: load } : null), [isAdmin, data, load]);
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const addTop = () => {
    staffApi.addDepartment(name.trim(), null).then(() => { setAdding(false); setName(''); load(); },
      (err: unknown) => notifications.show({ color: 'red', title: t('staff.org.saveFailed'), message: errorText(err, t) }));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || !tree) return;
    const [kind, id] = String(active.id).split(':');
    const target = over.id === TOP ? null : String(over.id).slice(2);
    const dept = (target: string | null) => (target ? { contentType: 'Department', id: target } : null);
    let call: Promise<unknown>;
    if (kind === 'd') {
      const find = (list: OrgNode[]): OrgNode | undefined => list.map((n) => (n.dept.id === id ? n : find(n.children))).find(Boolean);
      const node = find(tree.roots);
      if (!node || (target && within(node, target))) return; // onto itself: nothing to do (the server refuses loops too)
      call = staffApi.moveDepartment(id, dept(target));
    } else {
      if (!target) return;
      call = staffApi.moveEmployee(id, dept(target));
    }
    call.then(load, (err: unknown) => {
      notifications.show({ color: 'red', title: t('staff.org.moveFailed'), message: errorText(err, t) });
      load();
    });
  };

  if (error) return <Alert color="red" m="md">{error}</Alert>;
  if (!tree) return <Loader m="md" />;
  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('staff.org.title')}</Title>
        <Anchor component={RouterLink} to="/staff/list">{t('staff.org.list')}</Anchor>
      </Group>
      {isAdmin && (
        <Group gap="sm">
          <Text size="sm" c="dimmed" style={{ flex: 1 }}>{t('staff.org.hint')}</Text>
          {adding ? (
            <Group gap="xs">
              <TextInput size="xs" autoFocus value={name} placeholder={t('staff.org.name')} data-testid="orgchart-new-name"
                onChange={(e) => setName(e.currentTarget.value)} onKeyDown={(e) => { if (e.key === 'Enter' && name.trim()) addTop(); if (e.key === 'Escape') setAdding(false); }} />
              <Button size="xs" disabled={!name.trim()} onClick={addTop} data-testid="orgchart-new-save">{t('staff.org.save')}</Button>
            </Group>
          ) : (
            <Button size="xs" variant="light" onClick={() => setAdding(true)} data-testid="orgchart-new">{t('staff.org.addDepartment')}</Button>
          )}
        </Group>
      )}
      {tree.roots.length === 0 && <Text>{t('staff.org.empty')}</Text>}
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Box style={{ flex: 1, minWidth: 0 }}>
          <DndContext sensors={sensors} onDragEnd={onDragEnd}>
            <Top>
              <Group align="flex-start" gap="lg" style={{ overflowX: 'auto' }}>
                {tree.roots.map((n) => <Department key={n.dept.id} node={n} canDrag={isAdmin} edit={edit} />)}
              </Group>
            </Top>
          </DndContext>
        </Box>
        <Birthdays />
      </Group>
      {tree.loose.length > 0 && (
        <Stack gap={2}>
          <Text fw={600}>{t('staff.org.loose')}</Text>
          {tree.loose.map((p) => <Person key={p.id} e={p} canDrag={false} />)}
        </Stack>
      )}
    </Stack>
  );
}
