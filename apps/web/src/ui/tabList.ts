import type { KeyboardEvent } from 'react';

/**
 * Arrow keys, Home and End on a `role="tablist"`: focus moves to the previous, next, first or last tab
 * and selects it (the ARIA tabs pattern). `<div role="tablist" onKeyDown={tabListKeyDown}>`.
 */
export function tabListKeyDown(e: KeyboardEvent<HTMLElement>): void {
  const tabs = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not([disabled])')];
  const i = tabs.findIndex((t) => t === document.activeElement);
  if (i < 0) return;
  const n = tabs.length;
  const next = { ArrowRight: (i + 1) % n, ArrowLeft: (i - 1 + n) % n, Home: 0, End: n - 1 }[e.key];
  if (next === undefined) return;
  e.preventDefault();
  tabs[next]!.focus();
  tabs[next]!.click();
}
