// /finance: the accounts with their balances and the operations journal.
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AccountsPanel } from './AccountsPanel';
import { ImportPanel } from './ImportPanel';
import { OperationsPanel } from './OperationsPanel';
import { TemplatesPanel } from './TemplatesPanel';

export default function FinancePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl" p="md" data-testid="finance-page">
      <Title order={2}>{t('finance.ops.pageTitle')}</Title>
      <AccountsPanel />
      <OperationsPanel />
      <ImportPanel />
      <TemplatesPanel />
    </Stack>
  );
}
