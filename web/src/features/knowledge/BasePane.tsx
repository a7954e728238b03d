// A base's own page: its name, and for owners renaming, dropping it to
// the trash and the roles people hold on it.
import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { Entity } from '../../data/types';
import { knowledgeApi } from './knowledgeApi';
import { RightsPanel } from './RightsPanel';

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
      <RightsPanel on={`knowledgeBase/${String(base.id)}`} owner={owner} />
    </Stack>
  );
}
