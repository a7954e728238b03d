// The main menu: the user's items from GET /api/v3/menu with their icons,
// a help link per module, the active item highlighted, the notifications
// bell, the search box, and the footer with the seasonal theme, the language and the user.
import { ActionIcon, Group, NavLink, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconHelp, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDelayedLocation } from '../delayedLocation';
import { menuIdFor } from '../mapping/legacyMenu';
import { helpPath } from '../mapping/sections';
import { useSession, type MenuItem } from '../session';
import { MenuIcon } from './MenuIcon';
import { menuLabel } from './menuLabels';
import { MenuFooter } from './MenuFooter';
import { NotificationBell } from './NotificationBell';
import { SearchBox } from '../../features/search/SearchBox';
import { AppMenu } from '../../features/integration/widgets/AppMenu';

/** activeItem names the item an address belongs to: by area, else by the item's own url. */
export function activeItem(items: MenuItem[], pathname: string): string | undefined {
  const byArea = menuIdFor(pathname);
  if (byArea && items.some((i) => i.id === byArea)) return byArea;
  return items.find((i) => pathname === i.url || pathname.startsWith(i.url.replace(/\/$/, '') + '/'))?.id;
}

export function MainMenu({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useDelayedLocation();
  const items = session.menu.filter((i) => i.isEnabled !== false);
  const active = activeItem(items, location.pathname);
  const product = session.accountInfo.productName || t('app.name');

  return (
    <Stack h="100%" gap={0} data-testid="main-menu" component="nav" aria-label={t('menu.label')}>
      <Group justify={collapsed ? 'center' : 'space-between'} p="sm" wrap="nowrap">
        {!collapsed && (
          <UnstyledButton component={Link} to="/">
            <Text fw={700} truncate>{product}</Text>
          </UnstyledButton>
        )}
        <Group gap={4} wrap="nowrap">
          {!collapsed && <NotificationBell />}
          <ActionIcon variant="subtle" onClick={onToggle} aria-label={collapsed ? t('menu.expand') : t('menu.collapse')} data-testid="menu-toggle">
            {collapsed ? <IconLayoutSidebarLeftExpand size={18} /> : <IconLayoutSidebarLeftCollapse size={18} />}
          </ActionIcon>
        </Group>
      </Group>
      {collapsed && (
        <Group justify="center" pb="xs">
          <NotificationBell />
        </Group>
      )}
      <SearchBox collapsed={collapsed} />
      <ScrollArea style={{ flex: 1 }} px={collapsed ? 4 : 'xs'}>
        {items.map((item) => (
          <MenuEntry key={item.id} item={item} label={menuLabel(item.id, item.title, t)} active={item.id === active} collapsed={collapsed} />
        ))}
        <AppMenu collapsed={collapsed} />
      </ScrollArea>
      <MenuFooter collapsed={collapsed} />
    </Stack>
  );
}

function MenuEntry({ item, label, active, collapsed }: { item: MenuItem; label: string; active: boolean; collapsed: boolean }) {
  const { t } = useTranslation();
  const external = item.isExternal || /^[a-z]+:/i.test(item.url);
  const help = helpPath(item.id);
  const common = {
    label: collapsed ? undefined : label,
    'aria-label': label,
    leftSection: <MenuIcon kind={item.iconKind} />,
    active,
    'data-testid': `menu-item-${item.id}`,
    style: { borderRadius: 6, flex: 1 },
  };
  const link = external ? (
    <NavLink {...common} component="a" href={item.url} target={item.blank ? '_blank' : undefined} rel="noreferrer" />
  ) : (
    <NavLink {...common} component={Link} to={item.url} />
  );
  if (collapsed) {
    return (
      <Tooltip label={label} position="right" withinPortal>
        <div>{link}</div>
      </Tooltip>
    );
  }
  return (
    <Group gap={0} wrap="nowrap" className="artel-menu-entry">
      {link}
      {help && (
        <Tooltip label={t('menu.help', { area: label })} withinPortal>
          <ActionIcon component={Link} to={help} variant="subtle" color="gray" size="sm" aria-label={t('menu.help', { area: label })} className="artel-menu-help" data-testid={`menu-help-${item.id}`}>
            <IconHelp size={14} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
