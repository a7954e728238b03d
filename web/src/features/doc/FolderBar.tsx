// The chosen folder's name, renamed or the folder dropped (when empty)
// by its owners.
import { useState } from 'react';
import { Alert, Button, Group, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { Entity, Link } from '../../data/types';
import { canEdit, docApi } from './docApi';

export default function FolderBar({ folder, onChanged }: { folder: Entity; onChanged(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState('');
  const run = async (fn: () => Promise<unknown>) => {
    try {
      setError('');
      await fn();
      onChanged();
    } catch (err) {
      setError(errorText(err, t));
    }
  };
  const owner = canEdit(folder);
  return (
    <>
      <Group justify="space-between" data-testid="doc-folder-bar">
        {name === null ? (
          <Title order={4} data-testid="doc-folder-name">{String(folder.name ?? '')}</Title>
        ) : (
          <Group gap="xs">
            <TextInput size="xs" value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="doc-folder-rename-name" />
            <Button size="xs" disabled={!name.trim()} data-testid="doc-folder-rename-save"
              onClick={() => void run(async () => {
                await docApi.renameFolder(folder.id, name.trim());
                setName(null);
              })}>
              {t('doc.folder.save')}
            </Button>
          </Group>
        )}
        {owner && name === null && (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setName(String(folder.name ?? ''))} data-testid="doc-folder-rename">
              {t('doc.folder.rename')}
            </Button>
            <Button size="xs" variant="subtle" color="red" data-testid="doc-folder-drop"
              onClick={() => void run(async () => {
                await docApi.dropFolder(folder.id);
                const parent = (folder.parent as Link | null)?.id;
                navigate(parent ? `/docs/list?folder=${parent}` : '/docs/list');
              })}>
              {t('doc.folder.drop')}
            </Button>
          </Group>
        )}
      </Group>
      {error && <Alert color="red">{error}</Alert>}
    </>
  );
}
