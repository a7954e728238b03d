// /settings: the administrator's sections and the generic screens of every
// type in the catalogue.
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCatalog } from '../../data/catalog';
import { listPath } from '../paths';

export function SettingsPage() {
  const { t } = useTranslation();
  const { catalog } = useCatalog();
  const sections = [
    { to: '/settings/account/order/list', title: t('shell.settings.account') },
    { to: '/settings/api', title: t('shell.settings.api') },
    { to: '/settings/application', title: t('shell.settings.applications') },
    { to: '/settings/integrations', title: t('shell.settings.integrations') },
    { to: '/settings/crm/lists', title: t('shell.settings.clientLists') },
    { to: '/settings/worktime', title: t('shell.settings.worktime') },
    { to: '/settings/files', title: t('shell.settings.files') },
    { to: '/admin/cards/pluralnames', title: t('shell.settings.cardNames') },
    { to: '/admin/offer/list', title: t('shell.settings.offers') },
    { to: '/LogicStm/Trigger/add', title: t('shell.settings.triggers') },
  ];
  const types = [...(catalog?.types ?? [])].sort((a, b) => a.label.localeCompare(b.label));
  return (
    <Stack gap="lg" data-testid="settings">
      <Title order={2}>{t('menu.item.settings')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {sections.map((s) => (
          <Card key={s.to} withBorder component={Link} to={s.to}>
            <Text fw={600}>{s.title}</Text>
          </Card>
        ))}
      </SimpleGrid>
      <Title order={3} size="h4">{t('shell.settings.types')}</Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="xs">
        {types.map((type) => (
          <Anchor key={type.name} component={Link} to={listPath(type.name)} size="sm">
            {type.label}
          </Anchor>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
