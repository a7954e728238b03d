// /settings/integrations/automation: the account's automation rules.
import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorText, listAutomations, type Automation } from './integrationApi';

export default function AutomationsPage() {
  const { t } = useTranslation();
  const [rules, setRules] = useState<Automation[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    listAutomations().then(setRules, (e: unknown) => setError(errorText(e)));
  }, []);
  return (
    <Stack gap="md" maw={1000} data-testid="automations">
      <Group justify="space-between">
        <Title order={2}>{t('integration.automation.title')}</Title>
        <Button component={RouterLink} to="/settings/integrations/automation/new" data-testid="automation-new">
          {t('integration.automation.new')}
        </Button>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {rules && rules.length === 0 && <Text c="dimmed">{t('integration.automation.none')}</Text>}
      {rules && rules.length > 0 && (
        <Table data-testid="automation-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('integration.automation.name')}</Table.Th>
              <Table.Th>{t('integration.automation.entityType')}</Table.Th>
              <Table.Th>{t('integration.automation.trigger')}</Table.Th>
              <Table.Th>{t('integration.webhook.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rules.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Anchor component={RouterLink} to={`/settings/integrations/automation/${r.id}`}>{r.name}</Anchor>
                </Table.Td>
                <Table.Td>{r.entityType}</Table.Td>
                <Table.Td>{t(`integration.trigger.${r.trigger.type}`)}</Table.Td>
                <Table.Td>
                  <Badge color={r.enabled ? 'green' : 'gray'} variant="light">
                    {t(r.enabled ? 'integration.automation.on' : 'integration.automation.off')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
