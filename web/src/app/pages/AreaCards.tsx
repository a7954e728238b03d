import { Card, Group, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MenuIcon } from '../layout/MenuIcon';
import { menuLabel } from '../layout/menuLabels';
import { useSession } from '../session';

/** The user's menu areas as cards, leaving out the page they are on. */
export function AreaCards({ exclude }: { exclude: string[] }) {
  const { t } = useTranslation();
  const session = useSession();
  const items = session.menu.filter((i) => i.isEnabled !== false && !exclude.includes(i.id) && !/^[a-z]+:/i.test(i.url));
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} data-testid="area-cards">
      {items.map((item) => (
        <Card key={item.id} component={Link} to={item.url} withBorder padding="md" data-testid={`area-${item.id}`}>
          <Group wrap="nowrap">
            <MenuIcon kind={item.iconKind} size={28} />
            <Text fw={500}>{menuLabel(item.id, item.title, t)}</Text>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
