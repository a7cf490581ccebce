import { LEGACY_CUTOFF_MS, WALKTHROUGH_VERSION } from '../constants.ts';

/** The getting-started checklist (spec §3, §4 Walkthrough), kept in settings.walkthrough. */
export const WALKTHROUGH_STEPS = ['SETUP_AGENT', 'TEST_AGENT', 'ADD_NUMBER', 'FORWARD_CALLS'] as const;
export type WalkthroughStep = (typeof WALKTHROUGH_STEPS)[number];

export interface WalkthroughState {
  version?: number;
  completed: WalkthroughStep[];
  /** The step being walked through now, if any. */
  current?: WalkthroughStep | null;
}

export function parseWalkthrough(saved: unknown): WalkthroughState {
  if (!saved || typeof saved !== 'object') return { completed: [] };
  const s = saved as Record<string, unknown>;
  const completed = Array.isArray(s.completed)
    ? [...new Set(s.completed.filter((x): x is WalkthroughStep => (WALKTHROUGH_STEPS as readonly unknown[]).includes(x)))]
    : [];
  const current = (WALKTHROUGH_STEPS as readonly unknown[]).includes(s.current) ? (s.current as WalkthroughStep) : null;
  return { ...(typeof s.version === 'number' ? { version: s.version } : {}), completed, current };
}

/** Starting a step saves walkthrough version 1 when absent and makes it the current step. */
export function startWalkthroughStep(w: WalkthroughState, step: WalkthroughStep): WalkthroughState {
  return { ...w, version: w.version ?? WALKTHROUGH_VERSION, current: step };
}

/** Finishing a step appends it once; it ends the current walkthrough when it is that step. */
export function finishWalkthroughStep(w: WalkthroughState, step: WalkthroughStep): WalkthroughState {
  return {
    ...w,
    completed: w.completed.includes(step) ? w.completed : [...w.completed, step],
    current: w.current === step ? null : (w.current ?? null),
  };
}

export interface WalkthroughAccount {
  hasPhoneNumber: boolean;
  onboardingComplete: boolean;
  /** Account creation, epoch ms. */
  createdAt: number;
}

export const isLegacyAccount = (createdAt: number): boolean => createdAt < LEGACY_CUTOFF_MS;

/**
 * Steps done already (spec §4): a phone number means the agent was set up, tested and given a
 * number; a complete onboarding or a legacy account means the agent was set up.
 */
export function autoCompleteWalkthrough(w: WalkthroughState, a: WalkthroughAccount): WalkthroughState {
  let next = w;
  const mark = (s: WalkthroughStep) => {
    if (!next.completed.includes(s)) next = { ...next, completed: [...next.completed, s] };
  };
  if (a.hasPhoneNumber) (['SETUP_AGENT', 'TEST_AGENT', 'ADD_NUMBER'] as const).forEach(mark);
  if (a.onboardingComplete || isLegacyAccount(a.createdAt)) mark('SETUP_AGENT');
  return next;
}

/** Start-next: the first incomplete step of the four, or null when all are done. */
export function nextWalkthroughStep(w: WalkthroughState): WalkthroughStep | null {
  return WALKTHROUGH_STEPS.find((s) => !w.completed.includes(s)) ?? null;
}
