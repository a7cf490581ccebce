import NProgress from 'nprogress';
import { PROGRESS_BAR } from '@switchboard/core/constants';
import { useEffect } from 'react';
import { useNavigation } from 'react-router';

/** nprogress options of spec §2: minimum 0.08, trickle 0.02 every 800 ms, no spinner. */
export const PROGRESS_OPTIONS = {
  minimum: PROGRESS_BAR.minimum,
  trickleSpeed: PROGRESS_BAR.trickleSpeed,
  // The trickle runs on our own timer so each step is exactly trickleRate (nprogress randomises its own).
  trickle: false,
  showSpinner: false,
  // nprogress's own markup gives the bar role="bar", which is no ARIA role (axe aria-roles, critical):
  // the bar is decoration, hidden from screen readers, and found by its class.
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
} as const;

NProgress.configure(PROGRESS_OPTIONS);

/** One trickle step: nprogress's `inc` by the spec's rate. */
export function trickle(): void {
  NProgress.inc(PROGRESS_BAR.trickleRate);
}

/** Shows the bar while a route (and its lazy code) is loading. */
export function RouteProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  useEffect(() => {
    if (!busy) {
      NProgress.done();
      return;
    }
    NProgress.start();
    const timer = setInterval(trickle, PROGRESS_BAR.trickleSpeed);
    return () => clearInterval(timer);
  }, [busy]);
  return null;
}
