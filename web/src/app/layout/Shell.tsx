// The application frame: the main menu beside the current page, the
// seasonal theme on the page root, the document title, and the question
// for a name when the user has none.
import { AppShell } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { CallWidget } from '../../features/telephony/CallWidget';
import { AddFormRoute } from '../areas/fallback';
import { addTarget } from '../mapping/addForms';
import { useDelayedLocation } from '../delayedLocation';
import { menuIdFor } from '../mapping/legacyMenu';
import { LoadingScreen } from '../pages/LoadingScreen';
import { useSession } from '../session';
import { THEME_FEATURE, THEME_SETTING } from '../session/types';
import { MainMenu } from './MainMenu';
import { menuLabel } from './menuLabels';
import { NameModal } from './NameModal';
import './theme.css';

const THEME_CLASS = 'artel-theme-ny';

export function Shell() {
  const session = useSession();
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'artel.menu.collapsed', defaultValue: false });
  const themeOn = session.isFeatureOn(THEME_FEATURE) && session.settings[THEME_SETTING] === true;

  useEffect(() => {
    document.documentElement.classList.toggle(THEME_CLASS, themeOn);
    return () => document.documentElement.classList.remove(THEME_CLASS);
  }, [themeOn]);
  useAreaTitle();
  // Spec 000 §2: any address ending in /{entity}/add opens a create form,
  // whatever route its beginning matches (/task/filter/5/task/add).
  const { pathname, search } = useLocation();
  const adding = addTarget(pathname, search) !== undefined;

  return (
    <AppShell navbar={{ width: collapsed ? 68 : 248, breakpoint: 0 }} padding="md">
      <AppShell.Navbar>
        <MainMenu collapsed={collapsed} onToggle={() => setCollapsed(!collapsed)} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<LoadingScreen inline />}>
          {adding ? <AddFormRoute /> : <Outlet />}
        </Suspense>
      </AppShell.Main>
      <NameModal />
      <CallWidget />
    </AppShell>
  );
}

/** useAreaTitle names the tab after the menu area being shown; pages with a better title set their own later. */
function useAreaTitle() {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname } = useDelayedLocation();
  useEffect(() => {
    const id = menuIdFor(pathname);
    const item = session.menu.find((i) => i.id === id);
    const product = session.accountInfo.productName || t('app.name');
    document.title = item ? `${menuLabel(item.id, item.title, t)} — ${product}` : product;
  }, [pathname, session.menu, session.accountInfo.productName, t]);
}
