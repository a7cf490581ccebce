/** The numbers feature for other features: the number picker (onboarding) and the organization's numbers. */
export { ChooseNumberStep } from './components/ChooseNumberStep.tsx';
export { useNumbers } from './api.ts';
