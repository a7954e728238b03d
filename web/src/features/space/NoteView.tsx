// A note page's text: read through the rich-text allow-list, written with
// the app's rich-text editor (the knowledge base's), saved cleaned by
// the server.
import { Alert, Button, Group, Loader, Paper, Stack, Text, Typography } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import RichEditor from '../../fields/richtext/RichEditor';
import { ArticleText } from '../knowledge/content';
import { spaceApi, type Note } from './spaceApi';

export function NoteView({ id, editable }: { id: string; editable: boolean }) {
  const { t } = useTranslation();
  const [note, setNote] = useState<Note>();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    spaceApi.note(id).then(setNote, (err: unknown) => setError(errorText(err, t)));
  }, [id, t]);
  if (error && !note) return <Alert color="red">{error}</Alert>;
  if (!note) return <Loader size="sm" />;
  const save = () =>
    spaceApi.saveNote(id, draft ?? '').then(
      (n) => {
        setNote(n);
        setDraft(null);
        setError('');
      },
      (err: unknown) => setError(errorText(err, t)),
    );
  return (
    <Stack gap="sm" data-testid="space-note">
      {error && <Alert color="red">{error}</Alert>}
      {draft !== null ? (
        <>
          <RichEditor value={draft} onChange={setDraft} testId="space-note-editor" />
          <Group>
            <Button onClick={save} data-testid="space-note-save">{t('space.dialog.save')}</Button>
            <Button variant="default" onClick={() => setDraft(null)}>{t('space.dialog.cancel')}</Button>
          </Group>
        </>
      ) : (
        <>
          <Paper withBorder p="md" data-testid="space-note-text">
            {note.text ? <Typography><ArticleText html={note.text} /></Typography> : <Text c="dimmed">{t('space.note.empty')}</Text>}
          </Paper>
          {editable && (
            <Group><Button size="xs" onClick={() => setDraft(note.text)} data-testid="space-note-edit">{t('space.note.edit')}</Button></Group>
          )}
        </>
      )}
    </Stack>
  );
}
