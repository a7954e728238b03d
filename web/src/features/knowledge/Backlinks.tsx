// Where an article is mentioned: the tasks and comments the reader may
// read that link to it (GET /knowledgeArticle/{id}/backlinks).
import { useEffect, useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Link } from '../../data/types';
import { LinkName } from '../../fields/link/LinkName';
import { knowledgeApi, type Backlink } from './knowledgeApi';

/** plain is a comment's text without its markup, cut short. */
export const plain = (html: string, max = 120) => {
  const text = html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

export function Backlinks({ articleId }: { articleId: string }) {
  const { t } = useTranslation();
  const [list, setList] = useState<Backlink[]>([]);
  useEffect(() => {
    knowledgeApi.backlinks(articleId).then(setList, () => setList([]));
  }, [articleId]);
  if (list.length === 0) return null;
  return (
    <Stack gap={4} data-testid="knowledge-backlinks">
      <Title order={5}>{t('knowledge.article.backlinks')}</Title>
      {list.map((b) => (
        <Text size="sm" key={`${b.contentType}:${b.id}`} data-testid="knowledge-backlink">
          {b.contentType === 'Comment' && b.subject ? (
            <>
              <LinkName link={b.subject as Link} />: {plain(b.content ?? '')}
            </>
          ) : (
            <LinkName link={{ contentType: b.contentType, id: b.id }} />
          )}
        </Text>
      ))}
    </Stack>
  );
}
