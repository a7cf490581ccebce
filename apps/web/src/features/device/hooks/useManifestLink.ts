import { useEffect } from 'react';
import { manifestHref } from '../api.ts';

/** Points the page's manifest link at the acting organization's own app while a screen is open. */
export function useManifestLink(accountId: number | null) {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) return;
    const before = link.getAttribute('href');
    link.setAttribute('href', manifestHref(accountId));
    return () => {
      if (before != null) link.setAttribute('href', before);
    };
  }, [accountId]);
}
