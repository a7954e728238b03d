// Help articles by URL section (/help/{section}); the sections are those
// of mapping/sections.ts plus the areas without a module section.
import type { TFunction } from 'i18next';

export interface HelpTopic {
  section: string;
  title: string;
  text: string;
  /** Where the area opens. */
  url: string;
}

export function helpTopics(t: TFunction): HelpTopic[] {
  return [
    { section: 'dashboard', url: '/newdashboard', title: t('shell.help.dashboard.title'), text: t('shell.help.dashboard.text') },
    { section: 'tasks', url: '/task/filter', title: t('shell.help.tasks.title'), text: t('shell.help.tasks.text') },
    { section: 'todos', url: '/todo', title: t('shell.help.todos.title'), text: t('shell.help.todos.text') },
    { section: 'discussions', url: '/discuss', title: t('shell.help.discussions.title'), text: t('shell.help.discussions.text') },
    { section: 'clients', url: '/crm/filter', title: t('shell.help.clients.title'), text: t('shell.help.clients.text') },
    { section: 'deals', url: '/deals/list/-1', title: t('shell.help.deals.title'), text: t('shell.help.deals.text') },
    { section: 'invoices', url: '/invoices', title: t('shell.help.invoices.title'), text: t('shell.help.invoices.text') },
    { section: 'finances', url: '/finance', title: t('shell.help.finances.title'), text: t('shell.help.finances.text') },
    { section: 'offers', url: '/offers', title: t('shell.help.offers.title'), text: t('shell.help.offers.text') },
    { section: 'warehouse', url: '/consignments', title: t('shell.help.warehouse.title'), text: t('shell.help.warehouse.text') },
    { section: 'documents', url: '/docs', title: t('shell.help.documents.title'), text: t('shell.help.documents.text') },
    { section: 'reports', url: '/report', title: t('shell.help.reports.title'), text: t('shell.help.reports.text') },
    { section: 'staff', url: '/staff/list', title: t('shell.help.staff.title'), text: t('shell.help.staff.text') },
    { section: 'knowledge', url: '/knowledge', title: t('shell.help.knowledge.title'), text: t('shell.help.knowledge.text') },
    { section: 'workspaces', url: '/workspaces', title: t('shell.help.workspaces.title'), text: t('shell.help.workspaces.text') },
    { section: 'settings', url: '/settings', title: t('shell.help.settings.title'), text: t('shell.help.settings.text') },
  ];
}
