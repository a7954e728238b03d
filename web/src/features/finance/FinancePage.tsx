// /finance: the accounts with their balances, the operations journal, a
// bank statement's import and, for administrators, the account's own legal
// entities and the invoice templates.
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AccountsPanel } from './AccountsPanel';
import { ImportPanel } from './ImportPanel';
import { OperationsPanel } from './OperationsPanel';
import { OwnPanel } from './OwnPanel';
import { TemplatesPanel } from './TemplatesPanel';

export default function FinancePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl" p="md" data-testid="finance-page">
      <Title order={2}>{t('finance.ops.pageTitle')}</Title>
      <AccountsPanel />
      <OperationsPanel />
      <ImportPanel />
      <OwnPanel />
      <TemplatesPanel />
    </Stack>
  );
}
