import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { routes } from './router';
import { addTarget } from './mapping/addForms';

// One address of every route of spec 000 §2; none may fall to the catch-all.
const specAddresses = [
  '/', '/newdashboard', '/dashboard', '/dashboard/promo', '/login', '/login/restore', '/logout',
  '/task', '/task/5', '/task/templates', '/task/filter', '/task/filter/5', '/task/filter/5/project/3', '/task/5/card', '/task/5/template',
  '/project/5/card', '/project/5/template',
  '/crm', '/crm/filter', '/crm/filter/3', '/crm/5/card', '/crm/form', '/crm/sending/list', '/crm/sending/card', '/crm/sending/card/4',
  '/bp/2/list', '/bp/2/list/7', '/bp/2/card/9', '/deals', '/deals/list', '/deals/list/-1', '/deals/list/2/7', '/deals/list/1/2/7', '/deals/9/card',
  '/help', '/help/tasks', '/staff/3/edit', '/staff/3/card', '/staff/3/card.html', '/staff/list', '/staff/filter', '/staff/filter/2',
  '/inviteForm/abc', '/orgchart',
  '/docs', '/docs/list', '/docs/list/pdf', '/docs/4', '/docs/4/card', '/docs/4/editor', '/docs/4/view', '/docs/4/7', '/docs/4/7/card',
  '/editor/4/view', '/editor/4/edit',
  '/settings/account/order/list', '/settings/account/order/3/card', '/settings/account/telephony', '/settings/account/closingdocs',
  '/settings/account/autopays', '/settings/account/referralprogram', '/settings/account/cabinet',
  '/settings/application/install/x1', '/settings/application', '/settings/application/3/edit', '/settings/application/edit', '/settings/application/widgets',
  '/addons/category/2', '/addons', '/settings/integrations', '/settings/integrations/customLeadForm/list', '/settings/crm/lists', '/settings/integrations/customLeadForm/3',
  '/settings/integrations/mail/smtp', '/wazzup/connectRequest',
  '/upgrades', '/event/3/card', '/time', '/time/month', '/time/week/4', '/todo', '/todo/list', '/todo/filter/myItems',
  '/discuss', '/discuss/chat', '/discuss/chat/5', '/topics', '/topics/5/card', '/mail/5/card',
  '/LogicStm/Trigger/add', '/LogicStm/Trigger/edit/3', '/settings/worktime', '/admin/cards/pluralnames', '/admin/offer/list', '/settings/files',
  '/report/edit', '/report/3/edit', '/report', '/workspaces', '/workspaces/abc', '/spaces', '/contacts',
  '/offers', '/offers/filter', '/offers/filter/2', '/offers/3/card',
  '/consignments', '/consignments/filter/2', '/consignments/3/card', '/warehouse', '/warehouse/filter', '/warehouse/3/card',
  '/knowledge', '/knowledge/1', '/knowledge/1/2',
  '/menuitem/crm', '/salary/show', '/vacation', '/invoices', '/finance', '/search', '/settings/api', '/settings',
  '/entity/Task', '/entity/Task/add', '/entity/Task/5/card', '/entity/Task/5/edit',
  '/BumsCommon/Error/licenseExpired.html',
];

function leafPath(address: string): string | undefined {
  const matches = matchRoutes(routes, address);
  return matches?.at(-1)?.route.path;
}

describe('route table', () => {
  it.each(specAddresses)('has a route for %s', (address) => {
    const path = leafPath(address);
    expect(path).toBeDefined();
    expect(path).not.toBe('*');
  });

  it('sends anything else to the catch-all inside the shell', () => {
    expect(leafPath('/no/such/page')).toBe('*');
  });

  it.each(['/task/add', '/crm/add', '/deals/add', '/staff/add', '/bp/2/add', '/event/add', '/offers/add', '/consignments/add', '/task/filter/5/task/add'])(
    'opens a create form for %s before matching routes',
    (address) => expect(addTarget(address)).toBeDefined(),
  );
});
