// /help and /help/{section}: the help index and one area's article.
import { Anchor, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { helpTopic } from '../mapping/sections';
import { helpTopics } from './helpTopics';
import { NotFoundPage } from './NotFoundPage';

export function HelpPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const topics = helpTopics(t);
  const section = helpTopic(pathname);

  if (section) {
    const topic = topics.find((x) => x.section === section);
    if (!topic) return <NotFoundPage />;
    return (
      <Stack maw={720} data-testid="help-article">
        <Anchor component={Link} to="/help" size="sm"><IconArrowLeft size={12} /> {t('shell.help.index')}</Anchor>
        <Title order={2}>{topic.title}</Title>
        <Text style={{ whiteSpace: 'pre-line' }}>{topic.text}</Text>
        <Button component={Link} to={topic.url} w="fit-content">{t('shell.help.open')}</Button>
      </Stack>
    );
  }
  return (
    <Stack data-testid="help-index">
      <Title order={2}>{t('shell.help.index')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {topics.map((topic) => (
          <Card key={topic.section} withBorder component={Link} to={`/help/${topic.section}`}>
            <Text fw={600}>{topic.title}</Text>
            <Text size="sm" c="dimmed" lineClamp={2}>{topic.text}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
