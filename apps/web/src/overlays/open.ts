import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { withOverlay } from './registry.ts';

/**
 * Opens an overlay by adding its key to the query (a new history entry, so Back closes it).
 * `const open = useOpenOverlay(); open('members')` or `open('agentInfo', String(id))`.
 */
export function useOpenOverlay() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (key: string, value = 'true', extra: Record<string, string> = {}) => {
      navigate({ pathname: location.pathname, search: withOverlay(location.search, key, value, extra) }, { state: { overlay: key } });
    },
    [navigate, location.pathname, location.search],
  );
}
