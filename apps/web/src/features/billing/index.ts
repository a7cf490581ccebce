/** What other features and pages may use of billing. */
export { CheckoutOutcome } from './components/CheckoutOutcome.tsx';
