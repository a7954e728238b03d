// The knowledge base (spec 000 §2): /knowledge lists the bases, a base
// lists its articles, an article opens its card.
import { useParams } from 'react-router';
import { allOf, refIs } from '../mapping/filters';
import { Card, List } from './generic';

export function KnowledgeRoute() {
  const { baseId, articleId } = useParams();
  if (articleId) return <Card contentType="KnowledgeArticle" id={articleId} />;
  if (baseId) return <List contentType="KnowledgeArticle" filter={allOf(refIs('base', 'KnowledgeBase', baseId))} />;
  return <List contentType="KnowledgeBase" />;
}
