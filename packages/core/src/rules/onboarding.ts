import { TIMINGS } from '../constants.ts';

/**
 * The onboarding wizard (spec §3 Onboarding state, §4 Onboarding steps) as a pure state machine.
 * The web keeps it in the account's settings.onboarding (saved debounced) and in the query string
 * (onboard, activeStep, fieldIndex, integrationIndex).
 */
export const ONBOARDING_STEPS = [
  'WELCOME',
  'SELECT_TEMPLATE',
  'SETUP_TEMPLATE',
  'SETUP_INTEGRATIONS',
  'GENERATE_AGENT',
  'SELECT_VOICE',
  'SELECT_TIMEZONE',
  'EDIT_AGENT',
  'TEST_AGENT',
  'CHOOSE_NUMBER',
  'SCHEDULE_CALL',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const ONBOARDING_METHODS = ['BUILD_FROM_SCRATCH', 'BUILD_FROM_TEMPLATE'] as const;
export type OnboardingMethod = (typeof ONBOARDING_METHODS)[number];

/** Names the address may use for a step (spec §4). */
export const STEP_ALIASES: Record<string, OnboardingStep> = {
  initial: 'WELCOME',
  templates: 'SELECT_TEMPLATE',
  fields: 'SETUP_TEMPLATE',
  setupAgent: 'SETUP_TEMPLATE',
  integrations: 'SETUP_INTEGRATIONS',
  generate: 'GENERATE_AGENT',
  generateAgent: 'GENERATE_AGENT',
  voice: 'SELECT_VOICE',
  selectVoice: 'SELECT_VOICE',
  timezone: 'SELECT_TIMEZONE',
  selectTimezone: 'SELECT_TIMEZONE',
  editAgent: 'EDIT_AGENT',
  tryAgent: 'TEST_AGENT',
  testAgent: 'TEST_AGENT',
  chooseNumber: 'CHOOSE_NUMBER',
  scheduleCall: 'SCHEDULE_CALL',
  talkWithExpert: 'SCHEDULE_CALL',
};

/** The step an address value names: an alias, a step name, or null. */
export function resolveStep(value: string | null | undefined): OnboardingStep | null {
  if (!value) return null;
  if ((ONBOARDING_STEPS as readonly string[]).includes(value)) return value as OnboardingStep;
  return STEP_ALIASES[value] ?? null;
}

export interface OnboardingState {
  method: OnboardingMethod | null;
  templateId: string | null;
  templateFields: Record<string, string>;
  templateIntegrations: string[];
  activeStep: OnboardingStep;
  fieldIndex: number;
  integrationIndex: number;
  onboardingComplete: boolean;
  /** Seconds since the epoch. */
  updatedAt: number;
}

export const ONBOARD_QUERY_KEYS = ['onboard', 'activeStep', 'fieldIndex', 'integrationIndex'] as const;

const seconds = (nowMs: number) => Math.floor(nowMs / 1000);

export function initialOnboarding(nowMs = Date.now()): OnboardingState {
  return {
    method: null,
    templateId: null,
    templateFields: {},
    templateIntegrations: [],
    activeStep: 'WELCOME',
    fieldIndex: 0,
    integrationIndex: 0,
    onboardingComplete: false,
    updatedAt: seconds(nowMs),
  };
}

const index = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : null;
};

/** A saved value read defensively (settings may hold anything). */
export function parseOnboarding(saved: unknown): OnboardingState | null {
  if (!saved || typeof saved !== 'object') return null;
  const s = saved as Record<string, unknown>;
  const base = initialOnboarding(0);
  return {
    method: (ONBOARDING_METHODS as readonly unknown[]).includes(s.method) ? (s.method as OnboardingMethod) : null,
    templateId: typeof s.templateId === 'string' && s.templateId ? s.templateId : null,
    templateFields:
      s.templateFields && typeof s.templateFields === 'object'
        ? Object.fromEntries(Object.entries(s.templateFields as Record<string, unknown>).map(([k, v]) => [k, String(v ?? '')]))
        : {},
    templateIntegrations: Array.isArray(s.templateIntegrations)
      ? s.templateIntegrations.filter((x): x is string => typeof x === 'string')
      : [],
    activeStep: resolveStep(typeof s.activeStep === 'string' ? s.activeStep : null) ?? base.activeStep,
    fieldIndex: index(s.fieldIndex) ?? 0,
    integrationIndex: index(s.integrationIndex) ?? 0,
    onboardingComplete: s.onboardingComplete === true,
    updatedAt: index(s.updatedAt) ?? 0,
  };
}

export interface OnboardingQuery {
  onboard?: string | null;
  activeStep?: string | null;
  fieldIndex?: string | null;
  integrationIndex?: string | null;
}

/**
 * Where the wizard opens (spec §4 init rules): already complete → SELECT_TEMPLATE with method
 * BUILD_FROM_TEMPLATE; no saved state → WELCOME; otherwise the saved state. The address's
 * activeStep / fieldIndex / integrationIndex win over the saved ones.
 */
export function initOnboarding(saved: unknown, query: OnboardingQuery = {}, nowMs = Date.now()): OnboardingState {
  const parsed = parseOnboarding(saved);
  let state: OnboardingState;
  if (!parsed) state = initialOnboarding(nowMs);
  else if (parsed.onboardingComplete) state = { ...parsed, activeStep: 'SELECT_TEMPLATE', method: 'BUILD_FROM_TEMPLATE' };
  else state = parsed;
  const step = resolveStep(query.activeStep);
  const fi = index(query.fieldIndex);
  const ii = index(query.integrationIndex);
  return {
    ...state,
    ...(step ? { activeStep: step } : {}),
    ...(fi != null ? { fieldIndex: fi } : {}),
    ...(ii != null ? { integrationIndex: ii } : {}),
  };
}

export type OnboardingEvent =
  | { type: 'CHOOSE_METHOD'; method: OnboardingMethod }
  | { type: 'SELECT_TEMPLATE'; templateId: string; integrations?: string[] }
  | { type: 'SET_FIELD'; name: string; value: string }
  | { type: 'SET_FIELD_INDEX'; fieldIndex: number }
  | { type: 'SET_INTEGRATION_INDEX'; integrationIndex: number }
  | { type: 'FINISH_TEMPLATE_FIELDS' }
  | { type: 'DISCARD_TEMPLATE' }
  | { type: 'GO_TO'; step: OnboardingStep | string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'RESTART' }
  | { type: 'EXIT' }
  | { type: 'DISCARD' }
  | { type: 'COMPLETE' };

/** What the caller must do besides storing the new state. */
export interface OnboardingEffects {
  /** Refresh the organization (its onboardingComplete changed). */
  refreshOrganization?: boolean;
  /** Remove the onboard query parameters (the wizard closes). */
  removeQuery?: boolean;
}

const stepAt = (i: number): OnboardingStep => ONBOARDING_STEPS[Math.max(0, Math.min(ONBOARDING_STEPS.length - 1, i))]!;

/** The step after `step`: the template steps are skipped when building from scratch. */
export function nextStep(state: OnboardingState): OnboardingStep {
  if (state.activeStep === 'WELCOME') return state.method === 'BUILD_FROM_SCRATCH' ? 'GENERATE_AGENT' : 'SELECT_TEMPLATE';
  if (state.activeStep === 'SETUP_TEMPLATE') return state.templateIntegrations.length ? 'SETUP_INTEGRATIONS' : 'GENERATE_AGENT';
  return stepAt(ONBOARDING_STEPS.indexOf(state.activeStep) + 1);
}

export function previousStep(state: OnboardingState): OnboardingStep {
  if (state.activeStep === 'GENERATE_AGENT') {
    if (state.method === 'BUILD_FROM_SCRATCH') return 'WELCOME';
    return state.templateIntegrations.length ? 'SETUP_INTEGRATIONS' : state.templateId ? 'SETUP_TEMPLATE' : 'SELECT_TEMPLATE';
  }
  return stepAt(ONBOARDING_STEPS.indexOf(state.activeStep) - 1);
}

export function onboardingReducer(
  state: OnboardingState,
  event: OnboardingEvent,
  nowMs = Date.now(),
): { state: OnboardingState; effects: OnboardingEffects } {
  const stamp = (s: OnboardingState, effects: OnboardingEffects = {}) => ({ state: { ...s, updatedAt: seconds(nowMs) }, effects });
  switch (event.type) {
    case 'CHOOSE_METHOD':
      return stamp({
        ...state,
        method: event.method,
        activeStep: event.method === 'BUILD_FROM_SCRATCH' ? 'GENERATE_AGENT' : 'SELECT_TEMPLATE',
      });
    case 'SELECT_TEMPLATE':
      return stamp({
        ...state,
        method: 'BUILD_FROM_TEMPLATE',
        templateId: event.templateId,
        templateFields: state.templateId === event.templateId ? state.templateFields : {},
        templateIntegrations: event.integrations ?? [],
        fieldIndex: 0,
        integrationIndex: 0,
        activeStep: 'SETUP_TEMPLATE',
      });
    case 'SET_FIELD':
      return stamp({ ...state, templateFields: { ...state.templateFields, [event.name]: event.value } });
    case 'SET_FIELD_INDEX':
      return stamp({ ...state, fieldIndex: Math.max(0, Math.floor(event.fieldIndex)) });
    case 'SET_INTEGRATION_INDEX':
      return stamp({ ...state, integrationIndex: Math.max(0, Math.floor(event.integrationIndex)) });
    case 'FINISH_TEMPLATE_FIELDS':
      return stamp({ ...state, activeStep: 'GENERATE_AGENT' });
    case 'DISCARD_TEMPLATE':
      return stamp({
        ...state,
        activeStep: 'SELECT_TEMPLATE',
        templateId: null,
        templateFields: {},
        templateIntegrations: [],
        fieldIndex: 0,
        integrationIndex: 0,
      });
    case 'GO_TO': {
      const step = resolveStep(event.step);
      return step ? stamp({ ...state, activeStep: step }) : { state, effects: {} };
    }
    case 'NEXT':
      return stamp({ ...state, activeStep: nextStep(state) });
    case 'BACK':
      return stamp({ ...state, activeStep: previousStep(state) });
    case 'RESTART':
      return stamp({ ...initialOnboarding(nowMs), onboardingComplete: state.onboardingComplete });
    case 'EXIT':
    case 'DISCARD':
      return stamp(initialOnboarding(nowMs), { removeQuery: true });
    case 'COMPLETE':
      return stamp({ ...state, onboardingComplete: true }, { refreshOrganization: true, removeQuery: true });
  }
}

/**
 * Keeps the state in step with the address: without the onboard parameter the state resets
 * (spec §4); with it, activeStep / fieldIndex / integrationIndex are read as at init.
 */
export function syncWithQuery(state: OnboardingState, query: OnboardingQuery, nowMs = Date.now()): OnboardingState {
  if (query.onboard == null) return { ...initialOnboarding(nowMs), onboardingComplete: state.onboardingComplete };
  const step = resolveStep(query.activeStep);
  const fi = index(query.fieldIndex);
  const ii = index(query.integrationIndex);
  return {
    ...state,
    ...(step ? { activeStep: step } : {}),
    ...(fi != null ? { fieldIndex: fi } : {}),
    ...(ii != null ? { integrationIndex: ii } : {}),
  };
}

/** The query parameters that show a state. */
export function onboardingQuery(state: OnboardingState): Record<(typeof ONBOARD_QUERY_KEYS)[number], string> {
  return {
    onboard: 'true',
    activeStep: state.activeStep,
    fieldIndex: String(state.fieldIndex),
    integrationIndex: String(state.integrationIndex),
  };
}

/**
 * Debounced saving (spec §4: 1000 ms; a delay of 0 saves at once). Each schedule replaces the
 * pending save; flush saves the pending state now.
 */
export function createOnboardingSaver(
  save: (state: OnboardingState) => void | Promise<void>,
  timers: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout } = globalThis,
) {
  let pending: { state: OnboardingState; handle: ReturnType<typeof setTimeout> } | null = null;
  const run = (state: OnboardingState) => {
    pending = null;
    void save(state);
  };
  return {
    schedule(state: OnboardingState, delayMs: number = TIMINGS.onboardingSaveMs) {
      if (pending) timers.clearTimeout(pending.handle);
      if (delayMs <= 0) return run(state);
      const handle = timers.setTimeout(() => run(state), delayMs);
      pending = { state, handle };
    },
    flush() {
      if (!pending) return;
      timers.clearTimeout(pending.handle);
      run(pending.state);
    },
    cancel() {
      if (pending) timers.clearTimeout(pending.handle);
      pending = null;
    },
    get pending() {
      return pending != null;
    },
  };
}
