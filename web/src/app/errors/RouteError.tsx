// The error boundary of the routes: errors that lead elsewhere are routed,
// a page that failed to load after an update reloads, anything else shows
// a message with a way back.
import { Button, Center, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../pages/NotFoundPage';
import { errorText } from './errorText';
import { routeError } from './handler';

/** A lazy chunk that no longer exists: a new version was deployed since the page loaded. */
function isStaleChunk(err: unknown): boolean {
  return err instanceof TypeError && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(err.message);
}

export function RouteError() {
  const { t } = useTranslation();
  const err = useRouteError();
  const [routed, setRouted] = useState(false);

  useEffect(() => {
    if (isStaleChunk(err)) window.location.reload();
    else setRouted(routeError(err));
  }, [err]);

  if (isRouteErrorResponse(err) && err.status === 404) return <NotFoundPage />;
  if (routed) return null;
  return (
    <Center mih="60vh" data-testid="route-error">
      <Stack align="center" maw={560}>
        <Title order={2}>{t('error.page.title')}</Title>
        <Text c="dimmed" ta="center">{errorText(err, t)}</Text>
        {err instanceof Error && err.name !== 'HttpError' && <Code>{err.message}</Code>}
        <Group>
          <Button onClick={() => window.location.reload()}>{t('error.retry')}</Button>
          <Button variant="default" component="a" href="/">{t('notFound.home')}</Button>
        </Group>
      </Stack>
    </Center>
  );
}
