import { appPathUrl, parseAppPath, type AppPathSegment } from '@switchboard/core/rules/appPath';
import { useLocation } from 'react-router';
import { useOverlay } from '../../../overlays/OverlayFrame.tsx';
import { idFromValue, useActingAccount, useActingTarget } from '../api.ts';

export type TreeType = 'partner' | 'reseller' | 'organization' | 'agent';
const SEGMENT: Record<TreeType, AppPathSegment> = { partner: 'partner', reseller: 'reseller', organization: 'org', agent: 'agent' };
/** The account an overlay is about: the id in its value (`?orgInfo=12`), else the open account. */
export function useOverlayAccount() {
  const { value } = useOverlay();
  return useActingAccount(idFromValue(value));
}

/** The /app URL that opens an account from the current page (one level below, or itself). */
export function useAccountUrl() {
  const { pathname } = useLocation();
  const current = useActingTarget();
  return (account: { id: number; accountType: string }) => {
    const parsed = parseAppPath(pathname.startsWith('/app') ? pathname.slice(4) : '');
    const path = parsed.ok ? parsed.path : [];
    if (account.id === current) return appPathUrl(path);
    const seg = SEGMENT[account.accountType as TreeType];
    return seg ? appPathUrl([...path, { type: seg, id: account.id }]) : '/app';
  };
}
