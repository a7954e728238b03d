// The knowledge base (spec 000 §2: /knowledge/{baseId?}/{articleId?}):
// the bases, a base's article tree with the article read or edited
// beside it, and /knowledge/trash for what was dropped.
// /knowledge/article/{id} (the card address of an article found by
// search or linked from elsewhere) looks up the article's base first.
import { useEffect, useState } from 'react';
import { Alert, Loader } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import KnowledgePage from './KnowledgePage';
import TrashPage from './TrashPage';
import { knowledgeApi } from './knowledgeApi';

const numeric = (v?: string) => (v && /^\d+$/.test(v) ? v : undefined);

export function KnowledgeRoute() {
  const { baseId, articleId } = useParams();
  if (baseId === 'trash') return <TrashPage />;
  if (baseId === 'article' && numeric(articleId)) return <ArticleAddress key={articleId} id={articleId!} />;
  return <KnowledgePage baseId={numeric(baseId)} articleId={numeric(articleId)} />;
}

function ArticleAddress({ id }: { id: string }) {
  const { t } = useTranslation();
  const [base, setBase] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    knowledgeApi.article(id).then(
      (a) => setBase(String((a.base as { id?: string } | null)?.id ?? '')),
      (err: unknown) => setError(errorText(err, t)),
    );
  }, [id, t]);
  if (error) return <Alert color="red" m="md">{error}</Alert>;
  return base ? <Navigate replace to={`/knowledge/${base}/${id}`} /> : <Loader m="md" />;
}
