// The left menu's app entries: one per enabled app with a page (widgets
// at app_page), below the user's menu items, opening /apps/{id}.
import { NavLink } from '@mantine/core';
import { IconApps } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { widgetsAt, type PlacedWidget } from './widgetsApi';

export function AppMenu({ collapsed }: { collapsed: boolean }) {
  const [pages, setPages] = useState<PlacedWidget[]>([]);
  const { pathname } = useLocation();
  useEffect(() => {
    let live = true;
    void widgetsAt('app_page').then((ws) => live && setPages(ws.filter((w, i) => ws.findIndex((x) => x.appId === w.appId) === i)));
    return () => {
      live = false;
    };
  }, []);
  return pages.map((w) => (
    <NavLink
      key={w.appId}
      component={Link}
      to={`/apps/${w.appId}`}
      label={collapsed ? undefined : w.appName}
      aria-label={w.appName}
      leftSection={<IconApps size={18} />}
      active={pathname === `/apps/${w.appId}`}
      style={{ borderRadius: 6 }}
      data-testid="menu-app"
    />
  ));
}
