export { useCalls, useStartWebCall } from './api.ts';
export { LiveCall } from './components/LiveCall.tsx';
