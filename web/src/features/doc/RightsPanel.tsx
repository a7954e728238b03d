// The rights on a folder or a document: every role held there, the
// inherited ones marked; an owner gives a role to an employee, a
// department or a group (overriding what that one inherited) and takes
// back a role given here. The server judges who may: others see its
// refusal.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Group, Paper, Select, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { Link } from '../../data/types';
import { LinkName } from '../../fields/link/LinkName';
import { useSubjects } from '../../fields/link/subjects';
import { displayName } from '../../format/displayName';
import { docApi, type Right, type Role } from './docApi';

const ROLES: Role[] = ['reader', 'editor', 'owner'];
const key = (l: Link) => `${l.contentType}:${l.id}`;

export default function RightsPanel({ subject, manage }: { subject: Link; manage: boolean }) {
  const { t } = useTranslation();
  const [rights, setRights] = useState<Right[]>([]);
  const [own, setOwn] = useState<Right[]>([]);
  const [who, setWho] = useState<string | null>(null);
  const [role, setRole] = useState<Role>('reader');
  const [error, setError] = useState('');
  const { contentType, id } = subject;
  const load = useCallback(() => {
    const node = { contentType, id };
    Promise.all([docApi.rights(node), docApi.ownRights(node)]).then(
      ([all, mine]) => {
        setRights(all);
        setOwn(mine);
      },
      (err: unknown) => setError(errorText(err, t)),
    );
  }, [contentType, id, t]);
  useEffect(load, [load]);
  const people = useSubjects(manage);
  const run = async (fn: () => Promise<unknown>) => {
    try {
      setError('');
      await fn();
      load();
    } catch (err) {
      setError(errorText(err, t));
    }
  };
  const roleName: Record<Role, string> = {
    owner: t('doc.rights.role.owner'),
    editor: t('doc.rights.role.editor'),
    reader: t('doc.rights.role.reader'),
  };
  const kind = (type: string) =>
    type === 'Department' ? t('doc.rights.kind.department') : type === 'Group' ? t('doc.rights.kind.group') : t('doc.rights.kind.employee');
  const ownID = new Map(own.map((r) => [key(r.user), r.id]));
  return (
    <Paper withBorder p="md" data-testid="doc-rights">
      <Title order={5} mb="xs">{t('doc.rights.title')}</Title>
      <Table>
        <Table.Tbody>
          {rights.map((r) => (
            <Table.Tr key={key(r.user)} data-testid="doc-right" data-inherited={r.inherited}>
              <Table.Td>
                <LinkName link={r.user} /> <Text span size="xs" c="dimmed">{kind(r.user.contentType)}</Text>
              </Table.Td>
              <Table.Td>{roleName[r.rights]}</Table.Td>
              <Table.Td>{r.inherited ? t('doc.rights.inherited') : t('doc.rights.own')}</Table.Td>
              <Table.Td>
                {manage && !r.inherited && ownID.get(key(r.user)) && (
                  <Button size="compact-xs" variant="subtle" color="red" data-testid="doc-right-remove"
                    onClick={() => void run(() => docApi.revoke(ownID.get(key(r.user))!))}>
                    {t('doc.rights.remove')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {manage && (
        <Group align="flex-end" mt="sm">
          <Select searchable label={t('doc.rights.who')} value={who} onChange={setWho} w={280} data-testid="doc-right-who"
            data={people.map((p) => ({ value: key(p), label: `${displayName(p, t)} · ${kind(p.contentType)}` }))} />
          <Select label={t('doc.rights.roleLabel')} value={role} onChange={(v) => setRole((v as Role) ?? 'reader')} w={160}
            allowDeselect={false} data-testid="doc-right-role" data={ROLES.map((r) => ({ value: r, label: roleName[r] }))} />
          <Button disabled={!who} data-testid="doc-right-give" onClick={() => void run(async () => {
            const [whoType, whoID] = who!.split(':');
            await docApi.grant({ contentType, id }, { contentType: whoType, id: whoID }, role);
            setWho(null);
          })}>
            {t('doc.rights.give')}
          </Button>
        </Group>
      )}
      {error && <Alert color="red" mt="sm">{error}</Alert>}
    </Paper>
  );
}
