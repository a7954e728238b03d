// Modules, menu items and URL sections (spec 000 §2 "Module to URL
// section"): the section names a module's help articles, and the menu
// item finds its module to get there.

const moduleSections: Record<string, string> = {
  desktop: 'dashboard',
  crm: 'clients',
  employee: 'staff',
  task: 'tasks',
  deal: 'deals',
  bpm: 'deals',
  todo: 'todos',
  report: 'reports',
  invoice: 'invoices',
  finance: 'finances',
  doc: 'documents',
  discuss: 'discussions',
};

/** moduleSection is the URL section of a module, undefined for modules without one. */
export function moduleSection(module: string): string | undefined {
  return moduleSections[module];
}

/** Menu item id → the enabledModules id it belongs to. */
const menuModules: Record<string, string> = {
  desktop: 'desktop',
  tasks: 'task',
  todo: 'todo',
  discuss: 'discuss',
  crm: 'crm',
  deals: 'deal',
  invoices: 'invoice',
  finance: 'finance',
  offers: 'offer',
  warehouse: 'warehouse',
  docs: 'doc',
  reports: 'report',
  staff: 'employee',
  knowledge: 'knowledge',
};

export function menuModule(menuId: string): string | undefined {
  return menuModules[menuId];
}

/**
 * helpPath is the help article of a menu item: /help/{section} for modules
 * with a section, /help/{menu id} for the others; help itself has none.
 */
export function helpPath(menuId: string): string | undefined {
  if (menuId === 'help') return undefined;
  const module = menuModule(menuId);
  return `/help/${(module && moduleSection(module)) || menuId}`;
}

/** helpTopic reads the section back from /help/{section}/...; undefined for the help index. */
export function helpTopic(pathname: string): string | undefined {
  return /^\/help\/([\w-]+)/.exec(pathname)?.[1];
}
