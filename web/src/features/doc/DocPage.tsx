// A document's page (/docs/{id}/card, /docs/{id}/{revision}): the version
// shown (the actual one, or the revision in the address) previewed — an
// image drawn, a text shown, any other file offered for download — the
// versions (editors restore one as a new version), the rights on it, and
// for editors the share dialog.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Button, FileButton, Group, Image, Loader, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { HttpError } from '../../data/transport';
import type { Entity, Link } from '../../data/types';
import { LinkName } from '../../fields/link/LinkName';
import { ArticleText } from '../knowledge/content';
import { canEdit, docApi, isText } from './docApi';
import RightsPanel from './RightsPanel';
import ShareDialog from './ShareDialog';
import { uploadWithProgress } from './upload';
import { WidgetSlot } from '../integration/widgets/WidgetSlot';

const when = (v: unknown) => ((v as { value?: string } | null)?.value ? dayjs((v as { value: string }).value).format('DD.MM.YYYY HH:mm') : '');

export default function DocPage({ id, revision }: { id: string; revision?: string }) {
  const { t } = useTranslation();
  const [doc, setDoc] = useState<Entity | null>(null);
  const [shown, setShown] = useState<Entity | null>(null);
  const [versions, setVersions] = useState<Entity[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const load = useCallback(() => {
    const shownOf = (d: Entity) => (revision ? docApi.byRevision(id, revision) : docApi.actualVersion(d));
    docApi
      .doc(id)
      .then((d) => Promise.all([d, shownOf(d), docApi.versions(id)]))
      .then(
        ([d, v, vs]) => {
          setDoc(d);
          setShown(v);
          setVersions(vs);
          setLoaded(true);
        },
        (err: unknown) => setError(errorText(err, t)),
      );
  }, [id, revision, t]);
  useEffect(load, [load]);
  if (error) return <Alert color="red" m="md">{error}</Alert>;
  if (!doc || !loaded) return <Loader m="md" />;
  const restore = async (v: string) => {
    try {
      await docApi.restore(id, v);
      load();
    } catch (err) {
      setError(errorText(err, t));
    }
  };
  // A new file is uploaded with its progress, then saved as the next version.
  const newFile = async (file: File) => {
    try {
      setProgress(0);
      const f = await uploadWithProgress(file, setProgress);
      await docApi.newFile(id, { contentType: 'File', id: f.id });
      load();
    } catch (err) {
      setError(err instanceof Error && !(err instanceof HttpError) ? err.message : errorText(err, t));
    } finally {
      setProgress(null);
    }
  };
  const drop = async () => {
    if (!window.confirm(t('doc.page.dropConfirm', { name: String(doc.name ?? '') }))) return;
    try {
      await docApi.dropDoc(id);
      navigate(`/docs/list${doc.folder ? `?folder=${(doc.folder as Link).id}` : ''}`);
    } catch (err) {
      setError(errorText(err, t));
    }
  };
  const actual = (doc.actualVersion as Link | null)?.id;
  return (
    <Stack p="md" gap="md" data-testid="doc-page" data-id={id}>
      <WidgetSlot placeholder="doc_card_top" entity={doc} />
      <Anchor component={RouterLink} to={`/docs/list${doc.folder ? `?folder=${(doc.folder as Link).id}` : ''}`} size="sm">
        {t('doc.page.back')}
      </Anchor>
      <Group justify="space-between">
        <Title order={2} data-testid="doc-name">{String(doc.name ?? '')}</Title>
        <Group gap="xs">
          {canEdit(doc) && (
            <Button size="xs" variant="light" onClick={() => setSharing(true)} data-testid="doc-open-share">
              {t('doc.share.button')}
            </Button>
          )}
          {isText(shown) && (
            <Button component={RouterLink} to={`/editor/${id}/${canEdit(doc) ? 'edit' : 'view'}`} size="xs" data-testid="doc-open-editor">
              {canEdit(doc) ? t('doc.page.edit') : t('doc.page.view')}
            </Button>
          )}
          {canEdit(doc) && !isText(shown) && (
            <FileButton onChange={(f) => f && void newFile(f)}>
              {(props) => (
                <Button size="xs" variant="light" {...props} loading={progress !== null} data-testid="doc-new-file">
                  {t('doc.page.newFile')}
                </Button>
              )}
            </FileButton>
          )}
          {canEdit(doc) && (
            <Button size="xs" variant="subtle" color="red" onClick={() => void drop()} data-testid="doc-drop">
              {t('doc.page.drop')}
            </Button>
          )}
        </Group>
      </Group>
      {progress !== null && <Progress value={progress * 100} size="sm" data-testid="doc-new-file-progress" />}
      {shown ? (
        <>
          <Text size="sm" c="dimmed" data-testid="doc-shown-revision">
            {t('doc.version.number', { number: String(shown.revision ?? '') })} · {when(shown.timeCreated)}
          </Text>
          <Paper withBorder p="md" data-testid="doc-preview">
            <Preview version={shown} />
          </Paper>
        </>
      ) : (
        <Text c="dimmed">{t('doc.version.none')}</Text>
      )}
      <ShareDialog docId={id} opened={sharing} onClose={() => setSharing(false)} />
      <Title order={4}>{t('doc.version.title')}</Title>
      <Table data-testid="doc-versions">
        <Table.Tbody>
          {versions.map((v) => (
            <Table.Tr key={v.id} data-testid="doc-version" data-revision={String(v.revision ?? '')}>
              <Table.Td>
                <Anchor component={RouterLink} to={`/docs/${id}/${String(v.revision ?? '')}`}>
                  {t('doc.version.number', { number: String(v.revision ?? '') })}
                </Anchor>
                {v.id === actual && <Badge ml="xs" size="xs">{t('doc.version.actual')}</Badge>}
              </Table.Td>
              <Table.Td>
                {v.thumbnail ? (
                  <Image src={`/api/v3/file/${(v.thumbnail as Link).id}/download`} w={48} h={48} fit="contain" alt="" data-testid="doc-thumbnail" />
                ) : null}
              </Table.Td>
              <Table.Td>{when(v.timeCreated)}</Table.Td>
              <Table.Td>{v.userCreated ? <LinkName link={v.userCreated as Link} /> : null}</Table.Td>
              <Table.Td>{String(v.comment ?? '')}</Table.Td>
              <Table.Td>
                {canEdit(doc) && v.id !== actual && (
                  <Button size="compact-xs" variant="light" onClick={() => void restore(v.id)} data-testid="doc-restore">
                    {t('doc.version.restore')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <RightsPanel subject={{ contentType: 'Doc', id }} manage={canEdit(doc)} />
    </Stack>
  );
}

function Preview({ version }: { version: Entity }) {
  const { t } = useTranslation();
  if (isText(version)) return <ArticleText html={String(version.content)} />;
  const file = version.content as Link | null;
  if (!file) return null;
  const href = `/api/v3/file/${file.id}/download`;
  const mime = String(version.mimeType ?? '');
  return (
    <Stack gap="xs">
      {mime.startsWith('image/') && <Image src={href} alt={String(version.name ?? '')} mah={480} fit="contain" data-testid="doc-image" />}
      {/* A PDF shows its first page, rendered by the server as the version's thumbnail. */}
      {mime === 'application/pdf' && version.thumbnail ? (
        <Image
          src={`/api/v3/file/${(version.thumbnail as Link).id}/download`}
          alt={String(version.name ?? '')}
          w={320}
          fit="contain"
          data-testid="doc-pdf-preview"
        />
      ) : null}
      <Anchor href={href} data-testid="doc-download">
        {t('doc.page.download', { name: String(version.name ?? '') })}
      </Anchor>
    </Stack>
  );
}
