import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createOnboardingSaver,
  initialOnboarding,
  initOnboarding,
  onboardingReducer,
  resolveStep,
  STEP_ALIASES,
  syncWithQuery,
  type OnboardingEvent,
  type OnboardingState,
} from './onboarding.ts';

const NOW = 1_750_000_000_123;
const run = (s: OnboardingState, ...events: OnboardingEvent[]) => events.reduce((acc, e) => onboardingReducer(acc, e, NOW).state, s);

describe('onboarding state machine', () => {
  it('starts at WELCOME with no saved state, updatedAt in seconds', () => {
    const s = initOnboarding(undefined, {}, NOW);
    expect(s).toMatchObject({ activeStep: 'WELCOME', method: null, onboardingComplete: false, updatedAt: 1_750_000_000 });
  });

  it('from scratch goes to GENERATE_AGENT; any other method to SELECT_TEMPLATE', () => {
    const s = initialOnboarding(NOW);
    expect(run(s, { type: 'CHOOSE_METHOD', method: 'BUILD_FROM_SCRATCH' }).activeStep).toBe('GENERATE_AGENT');
    expect(run(s, { type: 'CHOOSE_METHOD', method: 'BUILD_FROM_TEMPLATE' }).activeStep).toBe('SELECT_TEMPLATE');
  });

  it('selecting a template goes to SETUP_TEMPLATE; finishing the fields goes to GENERATE_AGENT', () => {
    let s = run(
      initialOnboarding(NOW),
      { type: 'CHOOSE_METHOD', method: 'BUILD_FROM_TEMPLATE' },
      { type: 'SELECT_TEMPLATE', templateId: 'restaurant', integrations: ['opentable'] },
    );
    expect(s).toMatchObject({ activeStep: 'SETUP_TEMPLATE', templateId: 'restaurant', fieldIndex: 0, templateIntegrations: ['opentable'] });
    s = run(s, { type: 'SET_FIELD', name: 'businessName', value: 'Luigi’s' }, { type: 'SET_FIELD_INDEX', fieldIndex: 1 });
    expect(s).toMatchObject({ templateFields: { businessName: 'Luigi’s' }, fieldIndex: 1 });
    expect(run(s, { type: 'FINISH_TEMPLATE_FIELDS' }).activeStep).toBe('GENERATE_AGENT');
    // NEXT from the fields visits the template's integrations first.
    expect(run(s, { type: 'NEXT' }).activeStep).toBe('SETUP_INTEGRATIONS');
  });

  it('discarding the template returns to SELECT_TEMPLATE and clears fields, integrations, indexes and id', () => {
    const s = run(
      initialOnboarding(NOW),
      { type: 'SELECT_TEMPLATE', templateId: 'restaurant', integrations: ['opentable'] },
      { type: 'SET_FIELD', name: 'x', value: 'y' },
      { type: 'SET_FIELD_INDEX', fieldIndex: 2 },
      { type: 'SET_INTEGRATION_INDEX', integrationIndex: 1 },
      { type: 'DISCARD_TEMPLATE' },
    );
    expect(s).toMatchObject({
      activeStep: 'SELECT_TEMPLATE',
      templateId: null,
      templateFields: {},
      templateIntegrations: [],
      fieldIndex: 0,
      integrationIndex: 0,
    });
  });

  it('restart goes to WELCOME keeping the complete flag; exit and discard reset and close', () => {
    const done = { ...initialOnboarding(NOW), onboardingComplete: true, activeStep: 'EDIT_AGENT' as const, templateId: 't' };
    expect(run(done, { type: 'RESTART' })).toMatchObject({ activeStep: 'WELCOME', onboardingComplete: true, templateId: null });
    for (const type of ['EXIT', 'DISCARD'] as const) {
      const r = onboardingReducer(done, { type }, NOW);
      expect(r.state).toEqual(initialOnboarding(NOW));
      expect(r.effects.removeQuery).toBe(true);
    }
  });

  it('complete sets the flag, refreshes the organization and removes the query', () => {
    const r = onboardingReducer(initialOnboarding(0), { type: 'COMPLETE' }, NOW);
    expect(r.state).toMatchObject({ onboardingComplete: true, updatedAt: Math.floor(NOW / 1000) });
    expect(r.effects).toEqual({ refreshOrganization: true, removeQuery: true });
  });

  it('opens a complete onboarding at SELECT_TEMPLATE with BUILD_FROM_TEMPLATE; resumes an incomplete one', () => {
    expect(initOnboarding({ onboardingComplete: true, activeStep: 'TEST_AGENT', method: 'BUILD_FROM_SCRATCH' }, {}, NOW)).toMatchObject({
      activeStep: 'SELECT_TEMPLATE',
      method: 'BUILD_FROM_TEMPLATE',
      onboardingComplete: true,
    });
    expect(initOnboarding({ activeStep: 'SELECT_VOICE', method: 'BUILD_FROM_SCRATCH', updatedAt: 5 }, {}, NOW)).toMatchObject({
      activeStep: 'SELECT_VOICE',
      updatedAt: 5,
    });
  });

  it('reads activeStep (aliases too), fieldIndex and integrationIndex from the address', () => {
    const s = initOnboarding(
      { activeStep: 'WELCOME' },
      { onboard: 'true', activeStep: 'fields', fieldIndex: '3', integrationIndex: 'x' },
      NOW,
    );
    expect(s).toMatchObject({ activeStep: 'SETUP_TEMPLATE', fieldIndex: 3, integrationIndex: 0 });
  });

  it('knows every alias of the spec', () => {
    expect(STEP_ALIASES).toEqual({
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
    });
    expect(resolveStep('CHOOSE_NUMBER')).toBe('CHOOSE_NUMBER');
    expect(resolveStep('nonsense')).toBeNull();
  });

  it('resets when the onboard parameter is absent', () => {
    const s = { ...initialOnboarding(0), activeStep: 'TEST_AGENT' as const, templateId: 'x', onboardingComplete: true };
    expect(syncWithQuery(s, {}, NOW)).toEqual({ ...initialOnboarding(NOW), onboardingComplete: true });
    expect(syncWithQuery(s, { onboard: 'true', activeStep: 'voice' }, NOW).activeStep).toBe('SELECT_VOICE');
  });

  it('goes back from GENERATE_AGENT to where the method came from', () => {
    const scratch = run(initialOnboarding(NOW), { type: 'CHOOSE_METHOD', method: 'BUILD_FROM_SCRATCH' }, { type: 'BACK' });
    expect(scratch.activeStep).toBe('WELCOME');
    const tpl = run(
      initialOnboarding(NOW),
      { type: 'SELECT_TEMPLATE', templateId: 'a' },
      { type: 'FINISH_TEMPLATE_FIELDS' },
      { type: 'BACK' },
    );
    expect(tpl.activeStep).toBe('SETUP_TEMPLATE');
  });
});

describe('onboarding saves', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are debounced 1000 ms, the last state winning', () => {
    vi.useFakeTimers();
    const saved: OnboardingState[] = [];
    const saver = createOnboardingSaver((s) => void saved.push(s));
    const a = { ...initialOnboarding(NOW), fieldIndex: 1 };
    const b = { ...initialOnboarding(NOW), fieldIndex: 2 };
    saver.schedule(a);
    vi.advanceTimersByTime(999);
    saver.schedule(b);
    vi.advanceTimersByTime(999);
    expect(saved).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(saved).toEqual([b]);
  });

  it('save at once with a delay of 0, and flush saves what is pending', () => {
    vi.useFakeTimers();
    const saved: number[] = [];
    const saver = createOnboardingSaver((s) => void saved.push(s.fieldIndex));
    saver.schedule({ ...initialOnboarding(NOW), fieldIndex: 7 }, 0);
    expect(saved).toEqual([7]);
    saver.schedule({ ...initialOnboarding(NOW), fieldIndex: 8 });
    expect(saver.pending).toBe(true);
    saver.flush();
    expect(saved).toEqual([7, 8]);
    vi.advanceTimersByTime(5000);
    expect(saved).toEqual([7, 8]);
  });
});
