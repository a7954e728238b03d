// General, settings and old-interface routes of spec 000 §2 inside the shell.
import type { RouteObject } from 'react-router';
import { CardRoute, FormRoute, ListRoute } from '../areas/generic';
import { MenuItemRedirect } from '../areas/fallback';
import { NotFoundPage } from '../pages/NotFoundPage';
import { MESSENGER_SETTINGS } from '../mapping/redirects';
import { Gate } from './Gate';
import * as P from './lazyPages';
import { Redirect } from './Redirect';

const WORKSPACES_FEATURE = 'bums.common.workspaces';
const CONTACTS_FEATURE = 'bums.common.profile_and_menu_settings';
const UPGRADES_FEATURE = 'bums.common.upgrades_module';

const general: RouteObject[] = [
  { path: '/', element: <P.LandingPage /> },
  { path: '/newdashboard', element: <P.DashboardPage /> },
  { path: '/dashboard', element: <Redirect to="/newdashboard" /> },
  { path: '/dashboard/promo', element: <P.PromoPage /> },
  { path: '/help/*', element: <P.HelpPage /> },
  { path: '/support', element: <Redirect to="/help" /> },
  { path: '/faq', element: <Redirect to="/help" /> },
  { path: '/search', element: <P.SearchPage /> },
  { path: '/calls', element: <P.CallJournalPage /> },
  { path: '/menuitem/:menuId', element: <MenuItemRedirect /> },
  { path: '/entity/:type', element: <P.EntityRoute view="list" /> },
  { path: '/entity/:type/add', element: <P.EntityRoute view="add" /> },
  { path: '/entity/:type/:id/card', element: <P.EntityRoute view="card" /> },
  { path: '/entity/:type/:id/edit', element: <P.EntityRoute view="edit" /> },
  { element: <Gate feature={WORKSPACES_FEATURE} />, children: [
    { path: '/workspaces/:uid?', element: <P.SpacesRoute /> },
    { path: '/spaces', element: <Redirect to="/workspaces" /> },
  ] },
  { element: <Gate feature={CONTACTS_FEATURE} />, children: [{ path: '/contacts', element: <ListRoute contentType="Employee" /> }] },
  { element: <Gate feature={UPGRADES_FEATURE} />, children: [{ path: '/upgrades', element: <ListRoute contentType="Application" /> }] },
];

const account: RouteObject[] = [
  { path: '/settings/account', element: <Redirect to="/settings/account/order/list" /> },
  { path: '/settings/account/order/list', element: <P.AccountPage /> },
  { path: '/settings/account/order/:id/card', element: <P.AccountPage /> },
  { path: '/settings/account/closingdocs', element: <P.AccountPage /> },
  { path: '/settings/account/autopays', element: <P.AccountPage /> },
  { path: '/settings/account/referralprogram', element: <P.AccountPage /> },
  { path: '/settings/account/cabinet', element: <P.AccountPage /> },
  { path: '/settings/account/telephony', element: <Redirect to="/settings/integrations/telephony" /> },
];

const settings: RouteObject[] = [
  { path: '/settings', element: <P.SettingsPage /> },
  { path: '/settings/api', element: <P.ApiDocsPage /> },
  { path: '/settings/application', element: <ListRoute contentType="Application" /> },
  { path: '/settings/application/widgets', element: <P.AppListRoute /> },
  { path: '/settings/application/install/:id', element: <CardRoute contentType="Application" /> },
  { path: '/settings/application/edit', element: <FormRoute contentType="Application" /> },
  { path: '/settings/application/:id/edit', element: <FormRoute contentType="Application" /> },
  { path: '/addons', element: <P.AppListRoute /> },
  { path: '/addons/category/:categoryId?', element: <P.AppListRoute /> },
  { path: '/settings/crm/lists', element: <P.ClientListsSettingsRoute /> },
  { path: '/settings/integrations/customLeadForm/list', element: <P.LeadFormListRoute /> },
  { path: '/settings/integrations/customLeadForm/:id?', element: <P.LeadFormRoute /> },
  { path: '/settings/integrations/webhooks', element: <P.WebhookListRoute /> },
  { path: '/settings/integrations/webhooks/:id', element: <P.WebhookRoute /> },
  { path: '/settings/integrations/automation', element: <P.AutomationListRoute /> },
  { path: '/settings/integrations/automation/:id', element: <P.AutomationRoute /> },
  { path: '/settings/integrations/features', element: <P.FeatureListRoute /> },
  { path: '/settings/integrations/errors', element: <P.ErrorReportsRoute /> },
  { path: '/settings/integrations/apps', element: <P.AppListRoute /> },
  { path: '/apps/:id', element: <P.AppRoute /> },
  { path: '/settings/integrations/:section?/:mailTab?', element: <P.IntegrationsRoute /> },
  { path: '/wazzup/connectRequest', element: <Redirect to={MESSENGER_SETTINGS} /> },
  { path: '/settings/messengers', element: <Redirect to={MESSENGER_SETTINGS} /> },
  { path: '/settings/telegram', element: <Redirect to={MESSENGER_SETTINGS} /> },
  { path: '/settings/wazzup', element: <Redirect to={MESSENGER_SETTINGS} /> },
  { path: '/settings/worktime', element: <ListRoute contentType="Schedule" /> },
  { path: '/settings/files', element: <ListRoute contentType="File" /> },
  { path: '/admin/cards/pluralnames', element: <ListRoute contentType="SystemSetting" /> },
  { path: '/LogicStm/Trigger/add', element: <ListRoute contentType="Program" /> },
  { path: '/LogicStm/Trigger/edit/:id?', element: <FormRoute contentType="Program" /> },
];

export const generalRoutes: RouteObject[] = [...general, ...account, ...settings, { path: '*', element: <NotFoundPage /> }];
