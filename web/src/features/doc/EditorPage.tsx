// /editor/{id}/edit and /editor/{id}/view: a text document's text, read
// or written. Each save is a new version. The text is edited as plain
// paragraphs (the knowledge base's conversion) until a rich-text editor
// is added; a save made after someone else's keeps both in the history.
import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { Entity } from '../../data/types';
import { ArticleText, htmlToText, textToHtml } from '../knowledge/content';
import { canEdit, docApi, isText } from './docApi';

export default function EditorPage({ id, mode }: { id: string; mode: 'edit' | 'view' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [doc, setDoc] = useState<Entity | null>(null);
  const [version, setVersion] = useState<Entity | null>(null);
  const [text, setText] = useState('');
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    docApi
      .doc(id)
      .then((d) => Promise.all([d, docApi.actualVersion(d)]))
      .then(
        ([d, v]) => {
          setDoc(d);
          setVersion(v);
          setText(htmlToText(String(v?.content ?? '')));
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
      const d = await docApi.saveText(id, textToHtml(text));
      setDoc(d);
      setVersion(await docApi.actualVersion(d));
      setSaved(true);
    } catch (err) {
      setError(errorText(err, t));
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
          <Textarea autosize minRows={12} value={text} onChange={(e) => {
            setText(e.currentTarget.value);
            setSaved(false);
          }} data-testid="doc-editor-text" />
          <Text size="xs" c="dimmed">{t('doc.editor.hint')}</Text>
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
