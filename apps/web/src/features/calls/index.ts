export { useCalls, useStartWebCall } from './api.ts';
