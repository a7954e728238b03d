// Redirect elements of the route table; the rules are in mapping/.
import { Navigate, useLocation, useParams, type Params } from 'react-router';
import { legacyDealsRedirect, taskRedirect } from '../mapping/redirects';

/** Redirect replaces the address; to may use the route parameters, keepSearch carries the query over. */
export function Redirect({ to, keepSearch = false }: { to: string | ((params: Params) => string); keepSearch?: boolean }) {
  const params = useParams();
  const { search } = useLocation();
  const target = typeof to === 'string' ? to : to(params);
  return <Navigate to={keepSearch ? target + search : target} replace />;
}

export function TaskRedirect() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={taskRedirect(pathname, search, hash)} replace />;
}

export function LegacyDealsRedirect() {
  return <Navigate to={legacyDealsRedirect(useLocation().search)} replace />;
}
