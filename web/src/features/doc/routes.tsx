// Documents (spec 000 §2): /docs and /docs/list/{type}?folder= the folder
// tree and a folder's documents; /docs/{id}/card and /docs/{id}/{revision}
// a document and one of its versions; /editor/{id}/edit and /view its text.
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { docFilter, docFilterId, docTypes, type DocFilterId } from '../../app/mapping/queryFilters';
import DocPage from './DocPage';
import DocsPage from './DocsPage';
import EditorPage from './EditorPage';

const numeric = (v?: string) => (v && /^\d+$/.test(v) ? v : undefined);

export function DocListRoute() {
  const { t } = useTranslation();
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  const fromPath = rest.split('/')[0];
  const type = (docTypes as readonly string[]).includes(fromPath) ? (fromPath as DocFilterId) : docFilterId(search);
  const folder = numeric(new URLSearchParams(search).get('folder') ?? undefined);
  const titles: Record<DocFilterId, string> = {
    text: t('shell.docs.text'),
    impress: t('shell.docs.impress'),
    pdf: t('shell.docs.pdf'),
    table: t('shell.docs.table'),
    image: t('shell.docs.image'),
    others: t('shell.docs.others'),
  };
  return <DocsPage folder={folder} filter={docFilter(type)} title={type ? titles[type] : undefined} />;
}

export function DocCardRoute() {
  const { id, revision } = useParams();
  if (!numeric(id)) return <Navigate replace to="/docs/list" />;
  return <DocPage key={`${id}/${revision ?? ''}`} id={id!} revision={numeric(revision)} />;
}

export function DocEditorRoute({ mode }: { mode: 'edit' | 'view' }) {
  const { id } = useParams();
  if (!numeric(id)) return <Navigate replace to="/docs/list" />;
  return <EditorPage key={`${id}/${mode}`} id={id!} mode={mode} />;
}
