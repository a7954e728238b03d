// Add forms at the end of any address (the shell renders them before the
// routes match) and /menuitem/{id} of the old interface.
import { Navigate, useLocation, useParams } from 'react-router';
import { addTarget } from '../mapping/addForms';
import { menuItemTarget } from '../mapping/legacyMenu';
import { NotFoundPage } from '../pages/NotFoundPage';
import { useSession } from '../session';
import * as P from '../routes/lazyPages';
import { Form } from './generic';

export function AddFormRoute() {
  const { pathname, search } = useLocation();
  const target = addTarget(pathname, search);
  if (!target) return <NotFoundPage />;
  // Tasks and projects have their own form, with templates.
  if (target.contentType === 'Task' || target.contentType === 'Project') return <P.TaskAddRoute />;
  // Clients have theirs, with a first phone and e-mail.
  if (target.contentType === 'ContractorHuman' || target.contentType === 'ContractorCompany') return <P.ClientAddRoute />;
  // Consignments have theirs, with rows, the target state and a deal's positions.
  if (target.contentType === 'Consignment') return <P.ConsignmentAddRoute />;
  return <Form contentType={target.contentType} />;
}

export function MenuItemRedirect() {
  const { menuId = '' } = useParams();
  const target = menuItemTarget(useSession().menu, menuId);
  return target ? <Navigate to={target} replace /> : <NotFoundPage />;
}
