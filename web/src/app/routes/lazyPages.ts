// Every page is its own chunk, fetched when first opened, so the first
// screen loads only the shell.
import { lazy, type ComponentType } from 'react';
import { loadSection } from '../../i18n';

// `any` only bounds the module's export: the component keeps its own props as M[K].
function named<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, key: K) {
  return lazy(async () => ({ default: (await load())[key] }));
}

export const Shell = named(() => import('../layout/Shell'), 'Shell');
export const LoginPage = named(() => import('../auth/LoginPage'), 'LoginPage');
export const InviteFormPage = named(() => import('../auth/InviteFormPage'), 'InviteFormPage');
export const LandingPage = named(() => import('../pages/LandingPage'), 'LandingPage');
export const DashboardPage = named(() => import('../pages/DashboardPage'), 'DashboardPage');
export const PromoPage = named(() => import('../pages/PromoPage'), 'PromoPage');
export const HelpPage = named(() => import('../pages/HelpPage'), 'HelpPage');
export const SettingsPage = named(() => import('../pages/SettingsPage'), 'SettingsPage');
export const AccountPage = named(() => import('../pages/AccountPage'), 'AccountPage');
export const ApiDocsPage = named(() => import('../pages/ApiDocsPage'), 'ApiDocsPage');
export const SearchPage = named(() => import('../../features/search/SearchPage'), 'SearchPage');
export const LicenceExpiredPage = named(() => import('../pages/LicenceExpiredPage'), 'LicenceExpiredPage');

export const TaskListRoute = named(() => import('../../features/task/routes'), 'TaskListRoute');
export const TaskCardRoute = named(() => import('../../features/task/routes'), 'TaskCardRoute');
export const TaskAddRoute = named(() => import('../../features/task/routes'), 'TaskAddRoute');
export const ClientListRoute = named(() => import('../../features/crm/routes'), 'ClientListRoute');
export const ClientListsSettingsRoute = named(() => import('../../features/crm/routes'), 'ClientListsSettingsRoute');
export const LeadFormListRoute = named(() => import('../../features/crm/leadform/routes'), 'LeadFormListRoute');
export const WebhookListRoute = named(() => import('../../features/integration/routes'), 'WebhookListRoute');
export const WebhookRoute = named(() => import('../../features/integration/routes'), 'WebhookRoute');
export const AutomationListRoute = named(() => import('../../features/integration/routes'), 'AutomationListRoute');
export const AutomationRoute = named(() => import('../../features/integration/routes'), 'AutomationRoute');
export const FeatureListRoute = named(() => import('../../features/integration/routes'), 'FeatureListRoute');
export const ErrorReportsRoute = named(() => import('../../features/integration/routes'), 'ErrorReportsRoute');
export const AppListRoute = named(() => import('../../features/integration/routes'), 'AppListRoute');
export const AppRoute = named(() => import('../../features/integration/routes'), 'AppRoute');
export const LeadFormRoute = named(() => import('../../features/crm/leadform/routes'), 'LeadFormRoute');
export const ClientCardRoute = named(() => import('../../features/crm/routes'), 'ClientCardRoute');
export const ClientAddRoute = named(() => import('../../features/crm/routes'), 'ClientAddRoute');
// The deal pages bring their own words (i18n loadSection).
const dealPages = async () => (await Promise.all([import('../../features/deal/routes'), loadSection('deal')]))[0];
export const DealListRoute = named(dealPages, 'DealListRoute');
export const ProcessListRoute = named(dealPages, 'ProcessListRoute');
export const DealCardRoute = named(dealPages, 'DealCardRoute');
export const ProcessEditorRoute = named(dealPages, 'ProcessEditorRoute');
export const NewProcessRoute = named(dealPages, 'NewProcessRoute');
export const TimeRoute = named(() => import('../../features/todo/routes'), 'TimeRoute');
export const TodoCardRoute = named(() => import('../../features/todo/routes'), 'TodoCardRoute');
export const TodoRoute = named(() => import('../areas/calendar'), 'TodoRoute');
export const DocListRoute = named(() => import('../../features/doc/routes'), 'DocListRoute');
export const DocCardRoute = named(() => import('../../features/doc/routes'), 'DocCardRoute');
export const DocEditorRoute = named(() => import('../../features/doc/routes'), 'DocEditorRoute');
export const InvoiceListRoute = named(() => import('../../features/finance/routes'), 'InvoiceListRoute');
export const InvoiceCardRoute = named(() => import('../../features/finance/routes'), 'InvoiceCardRoute');
export const InvoiceNewRoute = named(() => import('../../features/finance/routes'), 'InvoiceNewRoute');
export const FinanceRoute = named(() => import('../../features/finance/routes'), 'FinanceRoute');
export const ConsignmentListRoute = named(() => import('../../features/stock/routes'), 'ConsignmentListRoute');
export const ConsignmentCardRoute = named(() => import('../../features/stock/routes'), 'ConsignmentCardRoute');
export const ConsignmentAddRoute = named(() => import('../../features/stock/routes'), 'ConsignmentAddRoute');
export const WarehouseListRoute = named(() => import('../../features/stock/routes'), 'WarehouseListRoute');
export const WarehouseCardRoute = named(() => import('../../features/stock/routes'), 'WarehouseCardRoute');
export const OfferListRoute = named(() => import('../../features/stock/routes'), 'OfferListRoute');
export const OfferCardRoute = named(() => import('../../features/stock/routes'), 'OfferCardRoute');
export const PriceListsRoute = named(() => import('../../features/stock/routes'), 'PriceListsRoute');
export const ReportRoute = named(() => import('../../features/report/routes'), 'ReportRoute');
export const DiscussRoute = named(() => import('../../features/discuss/routes'), 'DiscussRoute');
export const SpacesRoute = named(() => import('../../features/space/routes'), 'SpacesRoute');
export const KnowledgeRoute = named(() => import('../../features/knowledge/routes'), 'KnowledgeRoute');
export const EntityRoute = named(() => import('../areas/entity'), 'EntityRoute');
export const IntegrationsRoute = named(() => import('../areas/integrations'), 'IntegrationsRoute');
export const CallJournalPage = named(() => import('../../features/telephony/CallJournal'), 'CallJournalPage');
export const OrgChartRoute = named(() => import('../../features/staff/routes'), 'OrgChartRoute');
export const StaffCardRoute = named(() => import('../../features/staff/routes'), 'StaffCardRoute');
export const FireRoute = named(() => import('../../features/staff/routes'), 'FireRoute');
export const CalendarRoute = named(() => import('../../features/staff/routes'), 'CalendarRoute');
export const StaffListRoute = named(() => import('../../features/staff/routes'), 'StaffListRoute');
