// The roles people hold on a base or on an article (`on` is the API path
// of either, e.g. "knowledgeArticle/12"): everyone who reads it sees
// them, owners give and take them. An article with roles of its own is
// closed to the base's other readers and editors (docs/knowledge.md).
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Group, Paper, Select, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { LinkName } from '../../fields/link/LinkName';
import { useSubjects } from '../../fields/link/subjects';
import { displayName } from '../../format/displayName';
import { knowledgeApi, type Right, type Role } from './knowledgeApi';

const ROLES: Role[] = ['owner', 'editor', 'reader', 'nobody'];

export function RightsPanel({ on, owner, hint }: { on: string; owner: boolean; hint?: (count: number) => string }) {
  const { t } = useTranslation();
  const [rights, setRights] = useState<Right[]>([]);
  const [who, setWho] = useState<string | null>(null);
  const [role, setRole] = useState<Role>('reader');
  const [error, setError] = useState('');
  const load = useCallback(() => {
    knowledgeApi.rights(on).then(setRights, (err: unknown) => setError(errorText(err, t)));
  }, [on, t]);
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
      {hint && <Text size="sm" c="dimmed" mb="xs" data-testid="knowledge-rights-hint">{hint(rights.length)}</Text>}
      <Table>
        <Table.Tbody>
          {rights.map((r) => (
            <Table.Tr key={r.id} data-testid="knowledge-right">
              <Table.Td><LinkName link={r.user} /> <Text span size="xs" c="dimmed">{kind(r.user.contentType)}</Text></Table.Td>
              <Table.Td>{t(`knowledge.role.${r.role}`)}</Table.Td>
              <Table.Td>
                {owner && (
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => run(() => knowledgeApi.revoke(on, r.id))}>
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
            await knowledgeApi.grant(on, { contentType, id }, role);
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
