// Who holds an element: its owners and the members given access on it
// or on an element above it (which holds below). Who may share (full
// access) gives access to an employee, a department or a group, changes
// a level given here, or takes it away.
import { Alert, Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { Link } from '../../data/types';
import { LinkName } from '../../fields/link/LinkName';
import { useSubjects } from '../../fields/link/subjects';
import { displayName } from '../../format/displayName';
import { canShare, spaceApi, type Member, type MemberLevel, type SpaceElement } from './spaceApi';

const LEVELS: MemberLevel[] = ['read', 'edit', 'share'];

export function MembersDialog({ e, onClose }: { e: SpaceElement; onClose(): void }) {
  const { t } = useTranslation();
  const sharer = canShare(e);
  const [members, setMembers] = useState<Member[]>([]);
  const [who, setWho] = useState<string | null>(null);
  const [level, setLevel] = useState<MemberLevel>('read');
  const [error, setError] = useState('');
  const load = useCallback(() => {
    spaceApi.members(e.id).then(setMembers, (err: unknown) => setError(errorText(err, t)));
  }, [e.id, t]);
  useEffect(load, [load]);
  const people = useSubjects(sharer);
  const run = (fn: () => Promise<unknown>) =>
    fn().then(() => {
      setError('');
      load();
    }, (err: unknown) => setError(errorText(err, t)));
  const levels = LEVELS.map((l) => ({ value: l, label: t(`space.level.${l}`) }));
  const here = (m: Member) => !m.isOwner && m.element.id === e.id;
  return (
    <Modal opened onClose={onClose} title={t('space.members.title')} size="lg">
      <Stack data-testid="space-members">
        {error && <Alert color="red">{error}</Alert>}
        <Table>
          <Table.Tbody>
            {members.map((m) => (
              <Table.Tr key={`${m.element.id}:${m.member.contentType}:${m.member.id}:${m.isOwner}`} data-testid="space-member">
                <Table.Td><LinkName link={m.member} /></Table.Td>
                <Table.Td>
                  {sharer && here(m) ? (
                    <Select size="xs" w={150} data={levels} value={m.accessLevel} allowDeselect={false} data-testid="space-member-row-level"
                      onChange={(v) => v && run(() => spaceApi.setLevel(e.id, m.member, v as MemberLevel))} />
                  ) : (
                    <Text size="sm">{m.isOwner ? t('space.members.owner') : t(`space.level.${m.accessLevel}`)}</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {m.element.id !== e.id && <Text size="xs" c="dimmed">{t('space.members.from', { title: m.element.title })}</Text>}
                  {sharer && here(m) && (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => run(() => spaceApi.unshare(e.id, m.member))}>
                      {t('space.members.remove')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {sharer && (
          <Group align="flex-end">
            <Select searchable label={t('space.members.who')} value={who} onChange={setWho} w={280} data-testid="space-member-who"
              data={people.map((p) => ({ value: `${p.contentType}:${p.id}`, label: displayName(p, t) }))} />
            <Select label={t('space.members.level')} value={level} onChange={(v) => setLevel((v as MemberLevel) ?? 'read')} w={150}
              allowDeselect={false} data={levels} data-testid="space-member-level" />
            <Button disabled={!who} data-testid="space-member-add" onClick={() => run(async () => {
              const [contentType, id] = who!.split(':');
              await spaceApi.share(e.id, { contentType, id } as Link, level);
              setWho(null);
            })}>
              {t('space.members.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
