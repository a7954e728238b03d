// Which main-menu item an address belongs to: the item to highlight, and
// the mapping of old-interface menu routes (/menuitem/{id}, /support,
// /salary/show, ...) to menu ids.

// First path segment → menu id. Old-interface addresses are listed with
// the areas that replaced them.
const sectionMenu: Record<string, string> = {
  newdashboard: 'desktop',
  dashboard: 'desktop',
  workspaces: 'workspaces',
  spaces: 'workspaces',
  task: 'tasks',
  project: 'tasks',
  todo: 'todo',
  time: 'todo',
  event: 'todo',
  discuss: 'discuss',
  topics: 'discuss',
  crm: 'crm',
  deals: 'deals',
  bp: 'deals',
  invoices: 'invoices',
  finance: 'finance',
  offers: 'offers',
  consignments: 'warehouse',
  warehouse: 'warehouse',
  docs: 'docs',
  editor: 'docs',
  report: 'reports',
  staff: 'staff',
  orgchart: 'staff',
  salary: 'staff',
  vacation: 'staff',
  contacts: 'staff',
  knowledge: 'knowledge',
  help: 'help',
  support: 'help',
  faq: 'help',
  settings: 'settings',
  addons: 'settings',
  admin: 'settings',
  LogicStm: 'settings',
};

/** menuIdFor names the menu item of a path, undefined when none owns it. */
export function menuIdFor(pathname: string): string | undefined {
  const segs = pathname.split('/').filter(Boolean);
  if (segs[0] === 'menuitem') return segs[1];
  if (segs[0] === 'admin' && segs[1] === 'offer') return 'offers';
  return segs.length ? sectionMenu[segs[0]] : undefined;
}

/** menuItemTarget: the url of item menuId in the user's menu, undefined when the user has no such item. */
export function menuItemTarget(items: { id: string; url: string }[], menuId: string): string | undefined {
  return items.find((i) => i.id === menuId)?.url;
}
