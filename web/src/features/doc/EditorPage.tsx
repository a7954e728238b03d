// /editor/{id}/edit and /editor/{id}/view: a text document's text, read
// or written, in the rich-text editor (fields/richtext). Each save is a
// new version. A save is made from the revision the editor opened; when
// someone saved meanwhile, the server refuses it, and their text is shown
// beside the author's (which stays in the editor) to be merged and saved
// again, so neither is lost.
import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { Entity } from '../../data/types';
import RichEditor from '../../fields/richtext/RichEditor';
import { ArticleText } from '../knowledge/content';
import { canEdit, docApi, isConflict, isText } from './docApi';

export default function EditorPage({ id, mode }: { id: string; mode: 'edit' | 'view' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [doc, setDoc] = useState<Entity | null>(null);
  const [version, setVersion] = useState<Entity | null>(null);
  const [text, setText] = useState('');
  const [saved, setSaved] = useState(false);
  const [theirs, setTheirs] = useState<Entity | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    docApi
      .doc(id)
      .then((d) => Promise.all([d, docApi.actualVersion(d)]))
      .then(
        ([d, v]) => {
          setDoc(d);
          setVersion(v);
          setText(String(v?.content ?? ''));
        },
        (err: unknown) => setError(errorText(err, t)),
      );
  }, [id, t]);
  if (error && !doc) return <Alert color="red" m="md">{error}</Alert>;
  if (!doc) return <Loader m="md" />;
  if (!isText(version)) return <Alert m="md">{t('doc.editor.notText')}</Alert>;
  const editing = mode === 'edit' && canEdit(doc);
  const save = async () => {
    try {
      setError('');
      const base = Number((theirs ?? version)?.revision ?? 0);
      const d = await docApi.saveText(id, text, base);
      setDoc(d);
      setVersion(await docApi.actualVersion(d));
      setTheirs(null);
      setSaved(true);
    } catch (err) {
      setError(errorText(err, t));
      if (isConflict(err)) setTheirs(await docApi.actualVersion(await docApi.doc(id)));
    }
  };
  return (
    <Stack p="md" gap="sm" maw={900} data-testid="doc-editor" data-mode={editing ? 'edit' : 'view'}>
      <Anchor component={RouterLink} to={`/docs/${id}/card`} size="sm">
        {t('doc.editor.back')}
      </Anchor>
      <Title order={2}>{String(doc.name ?? '')}</Title>
      <Text size="xs" c="dimmed" data-testid="doc-editor-revision">
        {version ? t('doc.version.number', { number: String(version.revision ?? '') }) : t('doc.version.none')}
      </Text>
      {editing ? (
        <>
          <RichEditor value={text} onChange={(html) => {
            setText(html);
            setSaved(false);
          }} testId="doc-editor-text" />
          {theirs && (
            <Paper withBorder p="sm" data-testid="doc-editor-theirs">
              <Text size="sm" fw={500}>{t('doc.editor.theirs', { number: String(theirs.revision ?? '') })}</Text>
              <ArticleText html={String(theirs.content ?? '')} />
            </Paper>
          )}
          <Group>
            <Button onClick={save} data-testid="doc-editor-save">{t('doc.editor.save')}</Button>
            <Button variant="default" onClick={() => navigate(`/docs/${id}/card`)}>{t('doc.editor.close')}</Button>
            {saved && <Text size="sm" c="green" data-testid="doc-editor-saved">{t('doc.editor.saved')}</Text>}
          </Group>
        </>
      ) : (
        <ArticleText html={String(version?.content ?? '')} />
      )}
      {error && <Alert color="red">{error}</Alert>}
    </Stack>
  );
}
