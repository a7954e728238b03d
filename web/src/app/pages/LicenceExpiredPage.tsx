// /BumsCommon/Error/licenseExpired.html: the account's paid period or trial
// is over; only the account pages still work (spec 000 §6).
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const LICENCE_PAGE = '/BumsCommon/Error/licenseExpired.html';

export function LicenceExpiredPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('app.licence.title');
  }, [t]);
  return (
    <Center mih="100vh" p="md" data-testid="licence-expired">
      <Stack align="center" maw={520}>
        <IconAlertTriangle size={48} stroke={1.5} color="var(--mantine-color-orange-6)" />
        <Title order={2} ta="center">{t('app.licence.title')}</Title>
        <Text c="dimmed" ta="center">{t('app.licence.text')}</Text>
        <Group>
          <Button component={Link} to="/settings/account/order/list">{t('app.licence.account')}</Button>
          <Button variant="default" component="a" href="/logout">{t('menu.user.logout')}</Button>
        </Group>
      </Stack>
    </Center>
  );
}
