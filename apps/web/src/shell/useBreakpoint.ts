import { BREAKPOINTS } from '@switchboard/core/constants';
import { useSyncExternalStore } from 'react';

export type Breakpoint = 'base' | keyof typeof BREAKPOINTS;

/** The breakpoint a width falls in (spec §9: under 550, 768, 1024, 1280, 1536, 1836). */
export function breakpointOf(width: number): Breakpoint {
  let current: Breakpoint = 'base';
  for (const [name, min] of Object.entries(BREAKPOINTS) as [keyof typeof BREAKPOINTS, number][]) {
    if (width >= min) current = name;
  }
  return current;
}

/** Under 768 px the app lays out for phones (bottom sheets, stacked columns). */
export function isPhoneWidth(width: number): boolean {
  return width < BREAKPOINTS.sm;
}

function subscribe(cb: () => void) {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
}

/** The current breakpoint name; re-renders only when it changes. */
export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(
    subscribe,
    () => breakpointOf(window.innerWidth),
    () => 'base',
  );
}
