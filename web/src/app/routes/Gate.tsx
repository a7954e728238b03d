// Areas that depend on the plan: a module the account lacks or a feature
// that is off shows the "not in your plan" page instead of the area.
import { Outlet } from 'react-router';
import { UnavailablePage } from '../pages/UnavailablePage';
import { useSession } from '../session';

export function Gate({ module, feature }: { module?: string; feature?: string }) {
  const s = useSession();
  const open = (!module || s.hasModule(module)) && (!feature || s.isFeatureOn(feature));
  return open ? <Outlet /> : <UnavailablePage />;
}
