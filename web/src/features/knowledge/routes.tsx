// The knowledge base (spec 000 §2: /knowledge/{baseId?}/{articleId?}):
// the bases, a base's article tree with the article read or edited
// beside it, and /knowledge/trash for what was dropped.
import { useParams } from 'react-router';
import KnowledgePage from './KnowledgePage';
import TrashPage from './TrashPage';

export function KnowledgeRoute() {
  const { baseId, articleId } = useParams();
  if (baseId === 'trash') return <TrashPage />;
  const base = baseId && /^\d+$/.test(baseId) ? baseId : undefined;
  const article = articleId && /^\d+$/.test(articleId) ? articleId : undefined;
  return <KnowledgePage baseId={base} articleId={article} />;
}
