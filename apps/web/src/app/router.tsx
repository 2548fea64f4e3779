/**
 * The route table of SPEC 2. Every screen is its own lazily loaded chunk (`lazy`); each route
 * module exports `Component`. An unexpected error (a render error, a chunk that failed to load)
 * shows the root route's error page, which keeps SPEC 2's heading 'Unexpected Application
 * Error!' (components/errors/error-page.tsx); an unknown address shows the 404 page inside the
 * site frame (the `*` route).
 *
 * Public: / (landing, #features), /login, /verify (check a pasted or uploaded receipt or
 * credential, issue 17), /verify/:credentialId, /about, /contact, /privacy,
 * /terms, /support, /help, /present (a verifier's OpenID4VP link, issue 16), /receive (an
 * issuer's OpenID4VCI credential offer, DECISIONS 9), /oid4vci/callback (back from an issuer's
 * sign-in, the wallet's redirect_uri) and /verifier (the
 * verifier portal, issue 16; not /verify/:id) inside the site frame; the offline demos /kyc-demo,
 * /business-dashboard, /digital-wallet, /longterm stand alone (they have their own frames).
 * Protected (signed-in only, inside the app frame): /dashboard, /credentials, /consent,
 * /consent/who-has-my-data (issue 17), /logs, /profile, /settings.
 */
import {
  createBrowserRouter,
  matchRoutes,
  Navigate,
  Outlet,
  type RouteObject,
  RouterProvider,
} from 'react-router';
import { ErrorPage } from '@/components/errors/error-page';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

/** The route objects, shared by the browser router and the tests' memory router. */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      // Shown while the first screen's chunk loads.
      hydrateFallbackElement: <Spinner className="min-h-dvh" />,
      errorElement: <ErrorPage />,
      element: <Outlet />,
      children: [
        {
          id: 'site',
          lazy: () => import('./routes/site-layout'),
          children: [
            { index: true, lazy: () => import('./routes/landing') },
            { path: paths.login.path, lazy: () => import('./routes/login') },
            { path: paths.verifyDocument.path, lazy: () => import('./routes/verify-document') },
            { path: paths.verify.path, lazy: () => import('./routes/verify') },
            { path: paths.about.path, lazy: () => import('./routes/about') },
            { path: paths.contact.path, lazy: () => import('./routes/contact') },
            { path: paths.privacy.path, lazy: () => import('./routes/privacy') },
            { path: paths.terms.path, lazy: () => import('./routes/terms') },
            { path: paths.support.path, lazy: () => import('./routes/support') },
            { path: paths.help.path, lazy: () => import('./routes/help') },
            { path: paths.present.path, lazy: () => import('./routes/present') },
            { path: paths.receive.path, lazy: () => import('./routes/receive') },
            {
              path: paths.oid4vciCallback.path,
              lazy: () => import('./routes/oid4vci-callback'),
            },
            { path: paths.verifierPortal.path, lazy: () => import('./routes/verifier-portal') },
            { path: '*', lazy: () => import('./routes/not-found') },
          ],
        },
        { path: paths.kycDemo.path, lazy: () => import('./routes/demos/kyc-demo') },
        {
          path: paths.businessDashboard.path,
          lazy: () => import('./routes/demos/business-dashboard'),
        },
        { path: paths.digitalWallet.path, lazy: () => import('./routes/demos/digital-wallet') },
        { path: paths.longterm.path, lazy: () => import('./routes/demos/longterm') },
        {
          id: 'app',
          lazy: () => import('./routes/app/root'),
          children: [
            // SPEC 2's index child. '/' itself is matched by the landing route first (it is listed
            // earlier with the same rank), so this only serves links to the app frame's root.
            { index: true, element: <Navigate to={paths.app.dashboard.getHref()} replace /> },
            { path: paths.app.dashboard.path, lazy: () => import('./routes/app/dashboard') },
            { path: paths.app.credentials.path, lazy: () => import('./routes/app/credentials') },
            { path: paths.app.consent.path, lazy: () => import('./routes/app/consent') },
            {
              path: paths.app.whoHasMyData.path,
              lazy: () => import('./routes/app/who-has-my-data'),
            },
            { path: paths.app.logs.path, lazy: () => import('./routes/app/logs') },
            { path: paths.app.profile.path, lazy: () => import('./routes/app/profile') },
            { path: paths.app.settings.path, lazy: () => import('./routes/app/settings') },
          ],
        },
      ],
    },
  ];
}

/** The browser router over `createAppRoutes()`. */
export function AppRouter() {
  return <RouterProvider router={browserRouter()} />;
}

let router: ReturnType<typeof createBrowserRouter> | undefined;
function browserRouter(routes: RouteObject[] = createAppRoutes()) {
  router ??= createBrowserRouter(routes);
  return router;
}

/**
 * Before hydrating a prerendered page (src/app/prerender.tsx): loads the lazy modules of the
 * routes matching the current URL and creates the browser router over the loaded routes, so its
 * first render is the page itself, as in the HTML, not the loading fallback.
 */
export async function prepareRouterForHydration(): Promise<void> {
  const routes = createAppRoutes();
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  browserRouter(routes);
}
