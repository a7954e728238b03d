// A client's deals and tasks on the card (GET …/{id}/deals, /tasks), the
// latest first, each leading to its card; then its invoices with what is
// left to pay (finance/ClientInvoices).
import { Anchor, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cardPath } from '../../app/paths';
import { typeEndpoint } from '../../data/catalog';
import { useList } from '../../data/hooks';
import type { Entity } from '../../data/types';
import { displayName } from '../../format/displayName';
import { ClientInvoices } from '../finance/ClientInvoices';

const SHOWN = 10;

function Linked({ title, contentType, endpoint, testId }: { title: string; contentType: string; endpoint: string; testId: string }) {
  const { t } = useTranslation();
  const list = useList({ contentType, endpoint, limit: SHOWN, fields: ['name', 'number'] });
  return (
    <Stack gap={4} data-testid={testId}>
      <Title order={6}>
        {title}
        {list.count !== undefined ? ` · ${list.count}` : ''}
      </Title>
      {list.state === 'completed' && list.items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('crm.linked.none')}
        </Text>
      )}
      {list.items.map((e) => (
        <Anchor key={String(e.id)} component={RouterLink} to={cardPath({ contentType: e.contentType, id: String(e.id) })} size="sm" lineClamp={1}>
          {displayName(e, t)}
        </Anchor>
      ))}
    </Stack>
  );
}

export function LinkedBlock({ client }: { client: Entity }) {
  const { t } = useTranslation();
  const base = `${typeEndpoint(client.contentType)}/${client.id}`;
  return (
    <Stack gap="lg" data-testid="client-linked">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Linked title={t('crm.linked.deals')} contentType="Deal" endpoint={`${base}/deals`} testId="client-deals" />
        <Linked title={t('crm.linked.tasks')} contentType="Task" endpoint={`${base}/tasks`} testId="client-tasks" />
      </SimpleGrid>
      <ClientInvoices client={client} />
    </Stack>
  );
}
