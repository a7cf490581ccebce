import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { bridge } from './bridge.ts';
import { currentBrand } from './brand.ts';
import { helpQuery, helpTarget } from './help.ts';

export { currentBrand };

/** The help button's action: `const help = useHelp(); help('billing')`. */
export function useHelp() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (page: string | null = null) => {
      const target = helpTarget(currentBrand(), page);
      const q = helpQuery(target);
      if (!q) {
        if (target.kind === 'externalUrl') bridge.openUrl(target.url);
        return;
      }
      const search = new URLSearchParams(location.search);
      for (const [k, v] of Object.entries(q)) search.set(k, v);
      navigate({ pathname: location.pathname, search: `?${search}` }, { state: { overlay: Object.keys(q)[0] } });
    },
    [navigate, location.pathname, location.search],
  );
}
