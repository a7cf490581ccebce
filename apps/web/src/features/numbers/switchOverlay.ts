import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { withOverlay, withoutOverlay } from '../../overlays/registry.ts';

/** Replaces the open overlay with another (one step of a flow: addCustomNumber → callVerify → forwarding). */
export function useSwitchOverlay(current: string) {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (key: string, value = 'true') => {
      const rest = withoutOverlay(location.search, current);
      navigate({ pathname: location.pathname, search: withOverlay(rest, key, value) }, { replace: true, state: { overlay: key } });
    },
    [navigate, location.pathname, location.search, current],
  );
}
