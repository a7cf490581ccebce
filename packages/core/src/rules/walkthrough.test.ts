import { describe, expect, it } from 'vitest';
import { LEGACY_CUTOFF_MS } from '../constants.ts';
import {
  autoCompleteWalkthrough,
  finishWalkthroughStep,
  nextWalkthroughStep,
  parseWalkthrough,
  startWalkthroughStep,
} from './walkthrough.ts';

const account = { hasPhoneNumber: false, onboardingComplete: false, createdAt: LEGACY_CUTOFF_MS + 1 };

describe('walkthrough', () => {
  it('saves version 1 on the first start, keeping a version that exists', () => {
    expect(startWalkthroughStep({ completed: [] }, 'TEST_AGENT')).toEqual({ version: 1, completed: [], current: 'TEST_AGENT' });
    expect(startWalkthroughStep({ version: 3, completed: [] }, 'ADD_NUMBER').version).toBe(3);
  });

  it('finishing appends once and ends the current walkthrough when it is that step', () => {
    let w = startWalkthroughStep({ completed: [] }, 'SETUP_AGENT');
    w = finishWalkthroughStep(w, 'SETUP_AGENT');
    w = finishWalkthroughStep(w, 'SETUP_AGENT');
    expect(w).toMatchObject({ completed: ['SETUP_AGENT'], current: null });
    const other = finishWalkthroughStep(startWalkthroughStep(w, 'ADD_NUMBER'), 'TEST_AGENT');
    expect(other).toMatchObject({ completed: ['SETUP_AGENT', 'TEST_AGENT'], current: 'ADD_NUMBER' });
  });

  it('auto-completes three steps for an account with a phone number', () => {
    expect(autoCompleteWalkthrough({ completed: [] }, { ...account, hasPhoneNumber: true }).completed).toEqual([
      'SETUP_AGENT',
      'TEST_AGENT',
      'ADD_NUMBER',
    ]);
  });

  it('auto-completes SETUP_AGENT after onboarding or for a legacy account (before the cutoff)', () => {
    expect(autoCompleteWalkthrough({ completed: [] }, { ...account, onboardingComplete: true }).completed).toEqual(['SETUP_AGENT']);
    expect(autoCompleteWalkthrough({ completed: [] }, { ...account, createdAt: LEGACY_CUTOFF_MS - 1 }).completed).toEqual(['SETUP_AGENT']);
    expect(autoCompleteWalkthrough({ completed: [] }, { ...account, createdAt: LEGACY_CUTOFF_MS }).completed).toEqual([]);
  });

  it('start-next picks the first incomplete step, then none', () => {
    expect(nextWalkthroughStep({ completed: [] })).toBe('SETUP_AGENT');
    expect(nextWalkthroughStep({ completed: ['SETUP_AGENT', 'ADD_NUMBER'] })).toBe('TEST_AGENT');
    expect(nextWalkthroughStep({ completed: ['SETUP_AGENT', 'TEST_AGENT', 'ADD_NUMBER', 'FORWARD_CALLS'] })).toBeNull();
  });

  it('reads saved settings defensively', () => {
    expect(parseWalkthrough({ version: 1, completed: ['TEST_AGENT', 'bogus', 'TEST_AGENT'], current: 'x' })).toEqual({
      version: 1,
      completed: ['TEST_AGENT'],
      current: null,
    });
    expect(parseWalkthrough(null)).toEqual({ completed: [] });
  });
});
