// A base's own page: its name, and for owners renaming, dropping it to
// the trash and the roles people hold on it.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { Entity } from '../../data/types';
import { LinkName } from '../../fields/link/LinkName';
import { useSubjects } from '../../fields/link/subjects';
import { displayName } from '../../format/displayName';
import { knowledgeApi, type Right, type Role } from './knowledgeApi';

const ROLES: Role[] = ['owner', 'editor', 'reader', 'nobody'];

export default function BasePane({ base, onChanged }: { base: Entity; onChanged(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const owner = base.accessRole === 'owner';
  const [name, setName] = useState(String(base.name ?? ''));
  const [error, setError] = useState('');
  const run = async (fn: () => Promise<unknown>) => {
    try {
      setError('');
      await fn();
    } catch (err) {
      setError(errorText(err, t));
    }
  };
  return (
    <Stack gap="md" data-testid="knowledge-base-pane">
      <Group>
        <Title order={3}>{String(base.name ?? '')}</Title>
        <Badge variant="light" data-testid="knowledge-base-role">{t(`knowledge.role.${String(base.accessRole ?? 'nobody')}`)}</Badge>
      </Group>
      <Text c="dimmed" size="sm">{t('knowledge.base.pick')}</Text>
      {error && <Alert color="red">{error}</Alert>}
      {owner && (
        <Group align="flex-end">
          <TextInput label={t('knowledge.base.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <Button variant="default" disabled={!name.trim()} onClick={() => run(async () => {
            await knowledgeApi.renameBase(String(base.id), name.trim());
            onChanged();
          })}>
            {t('knowledge.base.rename')}
          </Button>
          <Button color="red" variant="light" data-testid="knowledge-delete-base" onClick={() => run(async () => {
            await knowledgeApi.dropBase(String(base.id));
            navigate('/knowledge');
          })}>
            {t('knowledge.base.delete')}
          </Button>
        </Group>
      )}
      <RightsPanel baseId={String(base.id)} owner={owner} />
    </Stack>
  );
}

function RightsPanel({ baseId, owner }: { baseId: string; owner: boolean }) {
  const { t } = useTranslation();
  const [rights, setRights] = useState<Right[]>([]);
  const [who, setWho] = useState<string | null>(null);
  const [role, setRole] = useState<Role>('reader');
  const [error, setError] = useState('');
  const load = useCallback(() => {
    knowledgeApi.rights(baseId).then(setRights, (err: unknown) => setError(errorText(err, t)));
  }, [baseId, t]);
  useEffect(load, [load]);
  const people = useSubjects(owner);
  const run = async (fn: () => Promise<unknown>) => {
    try {
      setError('');
      await fn();
      load();
    } catch (err) {
      setError(errorText(err, t));
    }
  };
  const kind = (type: string) => t(`knowledge.rights.kind.${type === 'Department' ? 'department' : type === 'Group' ? 'group' : 'employee'}`);
  return (
    <Paper withBorder p="md" data-testid="knowledge-rights">
      <Title order={5} mb="xs">{t('knowledge.rights.title')}</Title>
      <Table>
        <Table.Tbody>
          {rights.map((r) => (
            <Table.Tr key={r.id} data-testid="knowledge-right">
              <Table.Td><LinkName link={r.user} /> <Text span size="xs" c="dimmed">{kind(r.user.contentType)}</Text></Table.Td>
              <Table.Td>{t(`knowledge.role.${r.role}`)}</Table.Td>
              <Table.Td>
                {owner && (
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => run(() => knowledgeApi.revoke(baseId, r.id))}>
                    {t('knowledge.rights.remove')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {owner && (
        <Group align="flex-end" mt="sm">
          <Select searchable label={t('knowledge.rights.who')} value={who} onChange={setWho} w={280} data-testid="knowledge-right-who"
            data={people.map((p) => ({ value: `${p.contentType}:${p.id}`, label: `${displayName(p, t)} · ${kind(p.contentType)}` }))} />
          <Select label={t('knowledge.rights.role')} value={role} onChange={(v) => setRole((v as Role) ?? 'reader')} w={160} allowDeselect={false} data-testid="knowledge-right-role"
            data={ROLES.map((r) => ({ value: r, label: t(`knowledge.role.${r}`) }))} />
          <Button disabled={!who} data-testid="knowledge-right-give" onClick={() => run(async () => {
            const [contentType, id] = who!.split(':');
            await knowledgeApi.grant(baseId, { contentType, id }, role);
            setWho(null);
          })}>
            {t('knowledge.rights.give')}
          </Button>
        </Group>
      )}
      {error && <Alert color="red" mt="sm">{error}</Alert>}
    </Paper>
  );
}
