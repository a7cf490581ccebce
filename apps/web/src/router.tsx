import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteError } from './pages/RouteError.tsx';
import { Shell } from './shell/Shell.tsx';
import { LoadingBlock } from './ui/Spinner.tsx';

function FirstLoad() {
  return (
    <main className="flex min-h-dvh items-center justify-center">
      <LoadingBlock />
    </main>
  );
}

/**
 * All page routes (spec §2 "Page routes"). Each page loads lazily (`lazy`), so the first load only
 * carries the shell. A feature adds its page by adding one entry to `featureRoutes` (docs/web.md).
 */
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** Pages that features own. Add yours here: `{ path: '/inbox', ...page(() => import('./features/inbox/InboxPage.tsx')) }`. */
export const featureRoutes: RouteObject[] = [
  // The inbox is a section of the app shell (shell/sections.ts); /inbox opens the signed-in account's.
  { path: '/inbox', ...page(() => import('./features/home/app/InboxRoute.tsx').then((m) => ({ default: m.InboxRoute }))) },
  // The public pay page of an account's pay link (features/billing).
  { path: '/payto/:username', ...page(() => import('./features/billing/PayPage.tsx')) },
];

export const routes: RouteObject[] = [
  {
    element: <Shell />,
    errorElement: <RouteError />,
    // First paint while the first page's code loads.
    hydrateFallbackElement: <FirstLoad />,
    children: [
      { index: true, element: <Navigate to="/app" replace /> },
      { path: '/app/signin', ...page(() => import('./features/auth/SignInPage.tsx')) },
      { path: '/app/signup', ...page(() => import('./features/auth/SignUpPage.tsx')) },
      { path: '/app/paymentSuccess', ...page(() => import('./pages/results.tsx').then((m) => ({ default: m.PaymentSuccess }))) },
      { path: '/app/paymentCancel', ...page(() => import('./pages/results.tsx').then((m) => ({ default: m.PaymentCancel }))) },
      {
        path: '/app/stripePayoutConnectSuccess',
        ...page(() => import('./pages/results.tsx').then((m) => ({ default: m.PayoutConnectSuccess }))),
      },
      {
        path: '/app/stripePayoutConnectFailure',
        ...page(() => import('./pages/results.tsx').then((m) => ({ default: m.PayoutConnectFailure }))),
      },
      { path: '/app/*', ...page(() => import('./features/home/AppPage.tsx')) },
      { path: '/mobile/start', ...page(() => import('./pages/MobileStart.tsx')) },
      { path: '/install', ...page(() => import('./pages/Install.tsx')) },
      { path: '/docs', ...page(() => import('./pages/Docs.tsx')) },
      { path: '/schedule', ...page(() => import('./pages/Schedule.tsx')) },
      ...featureRoutes,
      { path: '*', ...page(() => import('./pages/NotFound.tsx')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
