// The menu's own translations of the standard items, so every one of the
// twelve languages has them; items the app does not know keep the title
// the server sent.
import type { TFunction } from 'i18next';

export function menuLabel(id: string, serverTitle: string, t: TFunction): string {
  switch (id) {
    case 'desktop':
      return t('menu.item.desktop');
    case 'workspaces':
      return t('menu.item.workspaces');
    case 'tasks':
      return t('menu.item.tasks');
    case 'todo':
      return t('menu.item.todo');
    case 'discuss':
      return t('menu.item.discuss');
    case 'crm':
      return t('menu.item.crm');
    case 'deals':
      return t('menu.item.deals');
    case 'invoices':
      return t('menu.item.invoices');
    case 'finance':
      return t('menu.item.finance');
    case 'offers':
      return t('menu.item.offers');
    case 'warehouse':
      return t('menu.item.warehouse');
    case 'docs':
      return t('menu.item.docs');
    case 'reports':
      return t('menu.item.reports');
    case 'staff':
      return t('menu.item.staff');
    case 'knowledge':
      return t('menu.item.knowledge');
    case 'help':
      return t('menu.item.help');
    case 'settings':
      return t('menu.item.settings');
  }
  return serverTitle;
}
