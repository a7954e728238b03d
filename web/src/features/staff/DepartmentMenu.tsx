// An administrator's actions on one department of the org chart: a
// sub-department, a new name, the head, and vacant posts. Heads and
// vacancies are DepartmentVacancy rows (docs/people.md): the head is the
// post with isHead, a vacancy a post with nobody on it.
import { useState } from 'react';
import { ActionIcon, Button, Group, Menu, Modal, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { Entity } from '../../data/types';
import { personName } from './FirePage';
import type { OrgNode } from './orgTree';
import { staffApi } from './staffApi';

type Dialog = 'child' | 'rename' | 'head' | null;

const idOf = (v: unknown) => String((v as { id?: unknown } | null)?.id ?? '');

/** postsOf are the department's head post and its vacant posts. */
export function postsOf(posts: Entity[], dept: string): { head: Entity | undefined; vacant: Entity[] } {
  const own = posts.filter((p) => idOf(p.department) === dept);
  return { head: own.find((p) => p.isHead === true), vacant: own.filter((p) => p.isHead !== true && !idOf(p.employee)) };
}

export function DepartmentMenu({ node, posts, people, onChanged }: { node: OrgNode; posts: Entity[]; people: Entity[]; onChanged: () => void }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [text, setText] = useState('');
  const [head, setHead] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = node.dept.id;
  const own = postsOf(posts, id);

  const run = (call: () => Promise<unknown>) => {
    setBusy(true);
    call().then(
      () => { setDialog(null); onChanged(); },
      (err: unknown) => notifications.show({ color: 'red', title: t('staff.org.saveFailed'), message: errorText(err, t) }),
    ).finally(() => setBusy(false));
  };
  const open = (d: Dialog) => {
    setText(d === 'rename' ? String(node.dept.name ?? '') : '');
    setHead(node.head?.id ?? null);
    setDialog(d);
  };
  const save = () => {
    if (dialog === 'child') run(() => staffApi.addDepartment(text.trim(), id));
    if (dialog === 'rename') run(() => staffApi.renameDepartment(id, text.trim()));
    if (dialog === 'head') run(() => staffApi.setHead(id, own.head?.id ?? null, head));
  };
  const titles: Record<Exclude<Dialog, null>, string> = {
    child: t('staff.org.addChild'), rename: t('staff.org.rename'), head: t('staff.org.setHead'),
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" size="sm" aria-label={t('staff.org.actions')} data-testid="orgchart-department-menu"
            onPointerDown={(e) => e.stopPropagation()}>⋯</ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => open('child')} data-testid="orgchart-add-child">{t('staff.org.addChild')}</Menu.Item>
          <Menu.Item onClick={() => open('rename')}>{t('staff.org.rename')}</Menu.Item>
          <Menu.Item onClick={() => open('head')} data-testid="orgchart-set-head">{t('staff.org.setHead')}</Menu.Item>
          <Menu.Item onClick={() => run(() => staffApi.addVacancy(id))} data-testid="orgchart-add-vacancy">{t('staff.org.addVacancy')}</Menu.Item>
          {own.vacant.length > 0 && (
            <Menu.Item color="red" onClick={() => run(() => staffApi.dropPost(own.vacant[own.vacant.length - 1].id))} data-testid="orgchart-drop-vacancy">
              {t('staff.org.dropVacancy')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={dialog !== null} onClose={() => setDialog(null)} title={dialog ? titles[dialog] : ''}>
        <Stack>
          {dialog === 'head' ? (
            <Select data-testid="orgchart-head-select" label={t('staff.org.headLabel')} searchable clearable value={head} onChange={setHead}
              placeholder={t('staff.org.noHead')} data={people.map((p) => ({ value: p.id, label: personName(p) }))} comboboxProps={{ withinPortal: false }} />
          ) : (
            <TextInput data-autofocus data-testid="orgchart-name-input" label={t('staff.org.name')} value={text}
              onChange={(e) => setText(e.currentTarget.value)} onKeyDown={(e) => { if (e.key === 'Enter' && text.trim()) save(); }} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>{t('staff.org.cancel')}</Button>
            <Button onClick={save} loading={busy} disabled={dialog !== 'head' && !text.trim()} data-testid="orgchart-save">{t('staff.org.save')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
