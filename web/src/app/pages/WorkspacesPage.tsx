// /workspaces: the user's working space — quick creation of the common
// things and every area of their menu.
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../session';
import { AreaCards } from './AreaCards';

export function WorkspacesPage() {
  const { t } = useTranslation();
  const session = useSession();
  const has = (id: string) => session.menu.some((i) => i.id === id && i.isEnabled !== false);
  const creates = [
    { menu: 'tasks', to: '/task/add', label: t('shell.workspaces.newTask') },
    { menu: 'todo', to: '/event/add', label: t('shell.workspaces.newTodo') },
    { menu: 'crm', to: '/crm/add', label: t('shell.workspaces.newClient') },
    { menu: 'deals', to: '/deals/add', label: t('shell.workspaces.newDeal') },
  ].filter((c) => has(c.menu));
  return (
    <Stack gap="lg" data-testid="workspaces">
      <Title order={2}>{t('menu.item.workspaces')}</Title>
      {creates.length > 0 && (
        <Group>
          {creates.map((c) => (
            <Button key={c.to} component={Link} to={c.to} leftSection={<IconPlus size={16} />} variant="light">
              {c.label}
            </Button>
          ))}
        </Group>
      )}
      <AreaCards exclude={['workspaces']} />
    </Stack>
  );
}
