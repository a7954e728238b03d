// Lead forms (settings → integrations): the forms with how many posts
// each had, and a new one.
import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Entity } from '../../../data/types';
import { listForms } from './leadFormApi';

export default function LeadFormsPage() {
  const { t } = useTranslation();
  const [forms, setForms] = useState<Entity[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    listForms().then(setForms, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);
  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between">
        <Title order={2}>{t('crm.leadForm.title')}</Title>
        <Button component={RouterLink} to="/settings/integrations/customLeadForm" data-testid="lead-form-new">{t('crm.leadForm.new')}</Button>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {forms && forms.length === 0 && <Text c="dimmed">{t('crm.leadForm.none')}</Text>}
      {forms && forms.length > 0 && (
        <Table data-testid="lead-forms">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('crm.leadForm.name')}</Table.Th>
              <Table.Th>{t('crm.leadForm.type')}</Table.Th>
              <Table.Th>{t('crm.leadForm.posts')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {forms.map((f) => (
              <Table.Tr key={f.id}>
                <Table.Td>
                  <Anchor component={RouterLink} to={`/settings/integrations/customLeadForm/${f.id}`}>{String(f.name ?? '')}</Anchor>
                  {!f.active && <Badge ml="xs" color="gray" variant="light">{t('crm.leadForm.off')}</Badge>}
                </Table.Td>
                <Table.Td>{t(`crm.leadForm.kind.${String(f.type)}`)}</Table.Td>
                <Table.Td>{Number(f.postCount ?? 0)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
