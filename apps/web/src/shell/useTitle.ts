import { useEffect } from 'react';
import { useBrand } from './api.ts';

/** The document title for a page: "Sign in · Switchboard" (the brand name hidden in generic-brand mode). */
export function pageTitle(title: string | null | undefined, brandName: string, generic = false): string {
  if (generic) return title || 'Home';
  return title ? `${title} · ${brandName}` : brandName;
}

export function useTitle(title: string | null | undefined) {
  const brand = useBrand();
  useEffect(() => {
    document.title = pageTitle(title, brand.name, brand.genericBrand);
  }, [title, brand.name, brand.genericBrand]);
}
