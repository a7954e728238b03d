// The business areas of spec 000 §2 (tasks, clients, deals, staff,
// documents, calendar, discussions, finance, offers, warehouse, knowledge),
// each behind its module or feature.
import type { RouteObject } from 'react-router';
import { CardRoute, FormRoute, ListRoute } from '../areas/generic';
import { mailRedirect, topicsRedirect } from '../mapping/redirects';
import { Gate } from './Gate';
import * as P from './lazyPages';
import { LegacyDealsRedirect, Redirect, TaskRedirect } from './Redirect';

const OFFER_FEATURE = 'bums.common.common.offer_module_feature';
const CONSIGNMENTS_FEATURE = 'bums.invoice.offer_consignments_feature';
const KNOWLEDGE_FEATURE = 'bums.knowledge.knowledge_module_feature';

const tasks: RouteObject[] = [
  { path: '/task', element: <TaskRedirect /> },
  { path: '/task/:filterId', element: <TaskRedirect /> },
  { path: '/task/templates', element: <Redirect to="/task/filter/templates" /> },
  { path: '/task/filter/:filterId?/:contentType?/:taskId?', element: <P.TaskListRoute /> },
  { path: '/task/:id/card', element: <P.TaskCardRoute contentType="Task" /> },
  { path: '/task/:id/template', element: <P.TaskCardRoute contentType="Task" /> },
  { path: '/project/:id/card', element: <P.TaskCardRoute contentType="Project" /> },
  { path: '/project/:id/template', element: <P.TaskCardRoute contentType="Project" /> },
];

const crm: RouteObject[] = [
  { path: '/crm', element: <Redirect to="/crm/filter" keepSearch /> },
  { path: '/crm/filter/:filterId?', element: <P.ClientListRoute /> },
  { path: '/crm/:id/card', element: <P.ClientCardRoute /> },
  { path: '/crm/form', element: <ListRoute contentType="LeadForm" /> },
  { path: '/crm/sending/list', element: <ListRoute contentType="SendingTemplate" /> },
  { path: '/crm/sending/card/:id?', element: <FormRoute contentType="SendingTemplate" /> },
];

const deals: RouteObject[] = [
  { path: '/deals', element: <Redirect to="/deals/list/-1" /> },
  { path: '/deals/list', element: <LegacyDealsRedirect /> },
  { path: '/deals/list/:a/:b?/:c?', element: <P.DealListRoute /> },
  { path: '/deals/:dealId/card', element: <P.DealCardRoute /> },
  { path: '/bp/:slug/list/:filterId?', element: <P.ProcessListRoute /> },
  { path: '/bp/:slug/card/:dealId', element: <P.DealCardRoute /> },
  // The process editor: not in spec 000's table, which has no address for it.
  { path: '/bp/new', element: <P.NewProcessRoute /> },
  { path: '/bp/:slug/settings', element: <P.ProcessEditorRoute /> },
];

const staff: RouteObject[] = [
  { path: '/staff', element: <Redirect to="/staff/list" /> },
  { path: '/staff/list', element: <P.StaffListRoute /> },
  { path: '/staff/filter/:filterId?', element: <ListRoute contentType="Employee" filterType="EmployeeFilter" /> },
  { path: '/staff/:id/card', element: <P.StaffCardRoute /> },
  { path: '/staff/:id/card.html', element: <P.StaffCardRoute /> },
  { path: '/staff/:id/fire', element: <P.FireRoute /> },
  { path: '/staff/:id/edit', element: <FormRoute contentType="Employee" /> },
  { path: '/orgchart', element: <P.OrgChartRoute /> },
  { path: '/vacation', element: <P.CalendarRoute /> },
  { path: '/salary/show', element: <Redirect to="/staff/list" /> },
];

const docs: RouteObject[] = [
  { path: '/docs', element: <Redirect to="/docs/list" keepSearch /> },
  { path: '/docs/list/*', element: <P.DocListRoute /> },
  { path: '/docs/:id', element: <Redirect to={(p) => `/docs/${p.id}/card`} /> },
  { path: '/docs/:id/card', element: <P.DocCardRoute /> },
  { path: '/docs/:id/view', element: <P.DocCardRoute /> },
  { path: '/docs/:id/editor', element: <Redirect to={(p) => `/editor/${p.id}/edit`} /> },
  { path: '/docs/:id/:revision', element: <P.DocCardRoute /> },
  { path: '/docs/:id/:revision/card', element: <P.DocCardRoute /> },
  { path: '/editor/:id/view', element: <P.DocEditorRoute mode="view" /> },
  { path: '/editor/:id/edit', element: <P.DocEditorRoute mode="edit" /> },
];

const calendar: RouteObject[] = [
  { path: '/time/:type?/:filterId?', element: <P.TimeRoute /> },
  { path: '/todo/:type?/:filterId?', element: <P.TodoRoute /> },
  { path: '/event/:id/card', element: <P.TodoCardRoute /> },
];

const discuss: RouteObject[] = [
  { path: '/discuss/:groupId?/:id?', element: <P.DiscussRoute /> },
  { path: '/topics', element: <Redirect to={topicsRedirect()} /> },
  { path: '/topics/:id/card', element: <Redirect to={(p) => topicsRedirect(p.id)} /> },
  { path: '/mail/:id/card', element: <Redirect to={(p) => mailRedirect(p.id ?? '')} /> },
];

const offers: RouteObject[] = [
  { path: '/offers', element: <P.OfferListRoute /> },
  { path: '/offers/filter/:filterId?', element: <ListRoute contentType="Offer" filterType="OfferFilter" /> },
  { path: '/offers/:id/card', element: <P.OfferCardRoute /> },
  { path: '/priceLists', element: <P.PriceListsRoute /> },
  { path: '/admin/offer/list', element: <ListRoute contentType="Offer" /> },
];

const warehouse: RouteObject[] = [
  { path: '/consignments', element: <P.ConsignmentListRoute /> },
  { path: '/consignments/filter/:filterId?', element: <ListRoute contentType="Consignment" filterType="ConsignmentFilter" /> },
  { path: '/consignments/:id/card', element: <P.ConsignmentCardRoute /> },
  { path: '/warehouse', element: <P.WarehouseListRoute /> },
  { path: '/warehouse/filter/:filterId?', element: <ListRoute contentType="Warehouse" filterType="WarehouseFilter" /> },
  { path: '/warehouse/:id/card', element: <P.WarehouseCardRoute /> },
];

const invoices: RouteObject[] = [
  { path: '/invoices', element: <P.InvoiceListRoute /> },
  { path: '/invoices/new', element: <P.InvoiceNewRoute /> },
  { path: '/invoices/:id/card', element: <P.InvoiceCardRoute /> },
];
const finance: RouteObject[] = [{ path: '/finance', element: <P.FinanceRoute /> }];

const reports: RouteObject[] = [
  { path: '/report', element: <P.ReportRoute /> },
  { path: '/report/edit', element: <FormRoute contentType="Report" /> },
  { path: '/report/:id/edit', element: <FormRoute contentType="Report" /> },
  { path: '/report/:id/card', element: <CardRoute contentType="Report" /> },
];

/** gated puts routes behind a module and/or feature. */
function gated(routes: RouteObject[], module?: string, feature?: string): RouteObject {
  return { element: <Gate module={module} feature={feature} />, children: routes };
}

export const areaRoutes: RouteObject[] = [
  gated(tasks, 'task'),
  gated(crm, 'crm'),
  gated(deals, 'deal'),
  gated(staff, 'employee'),
  gated(docs, 'doc'),
  gated(calendar, 'todo'),
  gated(discuss, 'discuss'),
  gated(offers, 'offer', OFFER_FEATURE),
  gated(warehouse, 'warehouse', CONSIGNMENTS_FEATURE),
  gated([{ path: '/knowledge/:baseId?/:articleId?', element: <P.KnowledgeRoute /> }], 'knowledge', KNOWLEDGE_FEATURE),
  gated(invoices, 'invoice'),
  gated(finance, 'finance'),
  gated(reports, 'report'),
];
