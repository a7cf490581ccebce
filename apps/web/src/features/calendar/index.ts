export { BookingFlow } from './components/BookingFlow.tsx';
