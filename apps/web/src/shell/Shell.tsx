import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { OverlayHost } from '../overlays/OverlayHost.tsx';
import { useBrand } from './api.ts';
import { ConfirmHost } from './confirm.tsx';
import { RouteProgress } from './progress.tsx';
import { refreshMobile } from './mobile.ts';
import { Toasts } from './toast.tsx';

/**
 * The global shell (spec §2): route progress bar, the page, overlays from the query string, the one
 * confirmation dialog and the toast area.
 */
export function Shell() {
  const location = useLocation();
  useBrand();
  useEffect(() => {
    refreshMobile(location.search);
  }, [location.search]);
  return (
    <>
      <RouteProgress />
      <Outlet />
      <OverlayHost />
      <ConfirmHost />
      <Toasts />
    </>
  );
}
