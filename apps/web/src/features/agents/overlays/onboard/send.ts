import type { OnboardingEvent, OnboardingState } from '@switchboard/core/rules/onboarding';

/** How a step of the onboarding wizard moves it: an event for the state machine (and how soon to save). */
export type Send = (e: OnboardingEvent, delay?: number) => OnboardingState;
