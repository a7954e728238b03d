// /docs: the folder tree on the left; the chosen folder's documents on
// the right, with files dropped on the list (or picked) uploaded one by
// one with their progress, each becoming a document, a new text document
// made by name, and the folder's rights.
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { Alert, Anchor, Button, FileButton, Group, Loader, Paper, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFolder, IconUpload } from '@tabler/icons-react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { Entity } from '../../data/types';
import { canEdit, docApi } from './docApi';
import FolderBar from './FolderBar';
import RightsPanel from './RightsPanel';
import { flatTree } from './tree';
import { uploadWithProgress } from './upload';

interface Upload {
  key: string;
  name: string;
  share: number;
  error?: string;
}

export default function DocsPage({ folder, filter, title }: { folder?: string; filter?: unknown; title?: string }) {
  const { t } = useTranslation();
  const [folders, setFolders] = useState<Entity[] | null>(null);
  const [error, setError] = useState('');
  const loadFolders = useCallback(() => {
    docApi.folders().then(setFolders, (err: unknown) => setError(errorText(err, t)));
  }, [t]);
  useEffect(loadFolders, [loadFolders]);
  const current = folders?.find((f) => f.id === folder);
  return (
    <Stack p="md" gap="md" data-testid="docs-page">
      <Title order={2}>{title ?? t('doc.title')}</Title>
      {error && <Alert color="red">{error}</Alert>}
      {folders === null ? (
        <Loader />
      ) : (
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <FolderTree folders={folders} current={folder} onCreated={loadFolders} />
          <Stack style={{ flex: 1, minWidth: 0 }} gap="md">
            {current && <FolderBar key={`bar-${current.id}`} folder={current} onChanged={loadFolders} />}
            <DocList key={`list-${folder ?? ''}`} folder={folder} filter={filter} />
            {folder && (
              <RightsPanel key={`rights-${folder}`} subject={{ contentType: 'DocFolder', id: folder }}
                manage={canEdit(current)} />
            )}
          </Stack>
        </Group>
      )}
    </Stack>
  );
}

function FolderTree({ folders, current, onCreated }: { folders: Entity[]; current?: string; onCreated(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const create = async () => {
    try {
      const f = await docApi.createFolder(name.trim(), current);
      setName('');
      onCreated();
      navigate(`/docs/list?folder=${f.id}`);
    } catch (err) {
      setError(errorText(err, t));
    }
  };
  return (
    <Stack w={280} gap={4} style={{ flexShrink: 0 }} data-testid="doc-folder-tree">
      <Anchor component={RouterLink} to="/docs/list" fw={current ? 400 : 600}>
        {t('doc.folder.root')}
      </Anchor>
      {flatTree(folders).map(({ folder, depth }) => (
        <Anchor key={folder.id} component={RouterLink} to={`/docs/list?folder=${folder.id}`} pl={depth * 16}
          fw={folder.id === current ? 600 : 400} data-testid="doc-folder" data-id={folder.id}>
          <Group gap={4} wrap="nowrap">
            <IconFolder size={16} />
            {String(folder.name ?? '')}
          </Group>
        </Anchor>
      ))}
      <Group align="flex-end" gap="xs" mt="sm" wrap="nowrap">
        <TextInput size="xs" label={current ? t('doc.folder.newSub') : t('doc.folder.newRoot')} value={name}
          onChange={(e) => setName(e.currentTarget.value)} data-testid="doc-new-folder-name" />
        <Button size="xs" disabled={!name.trim()} onClick={create} data-testid="doc-new-folder">
          {t('doc.folder.create')}
        </Button>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
    </Stack>
  );
}

function DocList({ folder, filter }: { folder?: string; filter?: unknown }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [docs, setDocs] = useState<Entity[] | null>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [over, setOver] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  // Each upload reloads the list; only the latest answer is shown, or an
  // earlier, slower one would take the newest files off again.
  const latest = useRef(0);
  const load = useCallback(() => {
    const asked = ++latest.current;
    docApi.docs(folder, filter).then(
      (list) => asked === latest.current && setDocs(list),
      (err: unknown) => asked === latest.current && setError(errorText(err, t)),
    );
  }, [folder, filter, t]);
  useEffect(load, [load]);
  const patch = (key: string, p: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...p } : u)));
  // One at a time: the order of the list is the order dropped. A large
  // file goes in chunks and resumes after a break (upload.ts).
  const upload = async (files: File[]) => {
    const started = files.map((f, i) => ({ key: `${Date.now()}-${i}-${f.name}`, name: f.name, share: 0 }));
    setUploads((list) => [...list, ...started]);
    for (const [i, file] of files.entries()) {
      const key = started[i].key;
      try {
        const f = await uploadWithProgress(file, (share) => patch(key, { share }));
        await docApi.createDoc(String(f.name), folder, { contentType: 'File', id: f.id });
        setUploads((list) => list.filter((u) => u.key !== key));
        load();
      } catch (err) {
        const message = err instanceof Error ? err.message : errorText(err, t);
        patch(key, { error: message === 'network' ? t('doc.upload.network') : message });
      }
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void upload(Array.from(e.dataTransfer.files));
  };
  const createText = async () => {
    try {
      const d = await docApi.createDoc(name.trim(), folder);
      navigate(`/editor/${d.id}/edit`);
    } catch (err) {
      setError(errorText(err, t));
    }
  };
  return (
    <Stack gap="sm">
      <Paper withBorder p="md" data-testid="doc-dropzone" data-over={over}
        style={{ borderStyle: 'dashed', background: over ? 'var(--mantine-color-blue-0)' : undefined }}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)} onDrop={onDrop}>
        <Group justify="space-between">
          <Group gap="xs">
            <IconUpload size={18} />
            <Text size="sm">{t('doc.upload.drop')}</Text>
          </Group>
          <FileButton multiple onChange={(files) => void upload(files)}>
            {(props) => (
              <Button size="xs" variant="light" {...props} data-testid="doc-pick-files">
                {t('doc.upload.pick')}
              </Button>
            )}
          </FileButton>
        </Group>
        {uploads.map((u) => (
          <Stack key={u.key} gap={2} mt="xs" data-testid="doc-upload" data-status={u.error ? 'failed' : 'uploading'}>
            <Text size="xs">{u.error ? t('doc.upload.failed', { name: u.name, error: u.error }) : u.name}</Text>
            {!u.error && <Progress value={u.share * 100} size="sm" />}
          </Stack>
        ))}
      </Paper>
      <Group align="flex-end" gap="xs">
        <TextInput size="xs" label={t('doc.text.newName')} value={name} onChange={(e) => setName(e.currentTarget.value)}
          data-testid="doc-new-text-name" />
        <Button size="xs" disabled={!name.trim()} onClick={createText} data-testid="doc-new-text">
          {t('doc.text.create')}
        </Button>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {docs === null ? (
        <Loader />
      ) : docs.length === 0 ? (
        <Text c="dimmed">{t('doc.list.empty')}</Text>
      ) : (
        docs.map((d) => (
          <Paper key={d.id} withBorder p="xs" data-testid="doc-row" data-id={d.id}>
            <Anchor component={RouterLink} to={`/docs/${d.id}/card`}>
              {String(d.name ?? '')}
            </Anchor>
          </Paper>
        ))
      )}
    </Stack>
  );
}
