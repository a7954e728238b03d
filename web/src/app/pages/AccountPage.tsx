// /settings/account/...: the account's licence as the server reports it.
// A self-hosted server has no orders or payments; its licence is set by
// the server operator, which the page says.
import { Alert, Stack, Table, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../session';

const tabs = ['order', 'closingdocs', 'autopays', 'referralprogram', 'cabinet'] as const;

function text(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'object' && v && 'value' in v) return String((v as { value: unknown }).value);
  if (typeof v === 'object' && v && 'year' in v) {
    const d = v as { year: number; month: number; day: number };
    return `${String(d.day).padStart(2, '0')}.${String(d.month + 1).padStart(2, '0')}.${d.year}`;
  }
  return String(v);
}

export function AccountPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const a = session.accountInfo;
  const tab = tabs.find((x) => pathname.startsWith(`/settings/account/${x}`)) ?? 'order';
  const yes = (v: unknown) => (v ? t('shell.account.yes') : t('shell.account.no'));
  const rows: [string, string][] = [
    [t('shell.account.product'), text(a.productName)],
    [t('shell.account.edition'), text(a.systemProductName)],
    [t('shell.account.licenceEnd'), text(a.licenceEndDate)],
    [t('shell.account.paidTo'), text(a.paidToDate)],
    [t('shell.account.quantity'), text(a.licenceQuantity)],
    [t('shell.account.daysRemaining'), text(a.daysRemaining)],
    [t('shell.account.trial'), yes(a.isTest)],
    [t('shell.account.expired'), yes(a.licenseExpired)],
    [t('shell.account.version'), text(a.buildVersion)],
  ];
  return (
    <Stack maw={760} data-testid="account">
      <Title order={2}>{t('shell.settings.account')}</Title>
      <Tabs value={tab} onChange={(v) => v && navigate(v === 'order' ? '/settings/account/order/list' : `/settings/account/${v}`)}>
        <Tabs.List>
          <Tabs.Tab value="order">{t('shell.account.tab.order')}</Tabs.Tab>
          <Tabs.Tab value="closingdocs">{t('shell.account.tab.closingdocs')}</Tabs.Tab>
          <Tabs.Tab value="autopays">{t('shell.account.tab.autopays')}</Tabs.Tab>
          <Tabs.Tab value="referralprogram">{t('shell.account.tab.referralprogram')}</Tabs.Tab>
          <Tabs.Tab value="cabinet">{t('shell.account.tab.cabinet')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Table>
        <Table.Tbody>
          {rows.map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Th w="40%">{k}</Table.Th>
              <Table.Td>{v}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Alert color="blue">{t('shell.account.operator')}</Alert>
    </Stack>
  );
}
