// The route table (spec 000 §2) as a react-router data router. Sign-in,
// sign-out and registration stand alone; everything else runs after the
// startup sequence, inside the shell, except the licence page.
import { Suspense, useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, useNavigate, type RouteObject } from 'react-router';
import { LICENCE_PAGE } from '../data/errors';
import { Realtime } from '../data/realtime/Realtime';
import { LogoutPage } from './auth/LogoutPage';
import { RouteError } from './errors/RouteError';
import { installErrorRouting } from './errors/handler';
import { installErrorReports } from '../features/integration/errorReport';
import { installTracking, setTrackingUser, track } from '../data/tracking';
import { LoadingScreen } from './pages/LoadingScreen';
import { areaRoutes } from './routes/areaRoutes';
import { generalRoutes } from './routes/generalRoutes';
import * as P from './routes/lazyPages';
import { useSession } from './session';
import { SessionProvider } from './session/SessionProvider';

function Root() {
  const navigate = useNavigate();
  useEffect(() => installErrorRouting(navigate), [navigate]);
  useEffect(() => installErrorReports(), []);
  useEffect(() => installTracking(), []);
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Outlet />
    </Suspense>
  );
}

/** With the licence over only the account pages and the licence page open (spec 000 §6). */
function LicenceGuard() {
  const { accountInfo } = useSession();
  const { pathname } = useLocation();
  if (accountInfo.licenseExpired && pathname !== LICENCE_PAGE && !pathname.startsWith('/settings/account')) {
    return <Navigate to={LICENCE_PAGE} replace />;
  }
  return <Outlet />;
}

/** PageTracking names the user on tracked events and tracks each screen opened. */
function PageTracking() {
  const { currentUser, accountInfo } = useSession();
  const { pathname } = useLocation();
  useEffect(() => setTrackingUser(currentUser.id, accountInfo.id), [currentUser.id, accountInfo.id]);
  useEffect(() => track('page', 'open', pathname), [pathname]);
  return null;
}

function SessionLayout() {
  return (
    <SessionProvider>
      <PageTracking />
      <Realtime />
      <LicenceGuard />
    </SessionProvider>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: <P.LoginPage /> },
      { path: '/login/*', element: <P.LoginPage /> },
      { path: '/logout', element: <LogoutPage /> },
      { path: '/inviteForm/:hash', element: <P.InviteFormPage /> },
      {
        element: <SessionLayout />,
        children: [
          { path: LICENCE_PAGE, element: <P.LicenceExpiredPage /> },
          { element: <P.Shell />, children: [{ errorElement: <RouteError />, children: [...areaRoutes, ...generalRoutes] }] },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
