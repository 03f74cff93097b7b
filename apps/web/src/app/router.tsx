import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { PageLoading } from './PageLoading';
import { designerRoutes, flattenRoutes, layoutRoutes, publicRoutes, type RouteDef } from './routeTable';
import { screens } from './screens';
import { RequireLogin, RequirePermission } from './RequireLogin';
import { MainLayout } from './layouts/MainLayout';
import { NotAvailable } from './NotAvailable';
import { ManageIndex } from './layouts/ManageIndex';

function element(def: RouteDef): ReactNode {
  if (def.redirect) return <Navigate to={def.redirect} replace />;
  const Screen = def.screen ? screens[def.screen] : null;
  const page = Screen ? <Screen /> : <NotAvailable routeId={def.id} />;
  return (
    <RequirePermission perm={def.perm}>
      <Suspense fallback={<PageLoading />}>{page}</Suspense>
    </RequirePermission>
  );
}

const toObject = (def: RouteDef & { fullPath: string }): RouteObject => ({
  path: def.fullPath,
  id: def.fullPath,
  element: element(def),
});

/** The whole route table: public pages, designers full screen, the rest inside the main layout. */
export function buildRoutes(): RouteObject[] {
  const inLayout = flattenRoutes(layoutRoutes).map((def) =>
    def.fullPath === '/manage' ? { path: '/manage', id: '/manage', element: <ManageIndex /> } : toObject(def),
  );
  return [
    { path: '/', element: <Navigate to="/login" replace /> },
    ...flattenRoutes(publicRoutes).map(toObject),
    ...flattenRoutes(designerRoutes).map((def) => ({
      ...toObject(def),
      element: <RequireLogin>{element(def)}</RequireLogin>,
    })),
    {
      element: (
        <RequireLogin>
          <MainLayout />
        </RequireLogin>
      ),
      children: inLayout,
    },
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}

export const router = createBrowserRouter(buildRoutes());
