export { BookingFlow } from './components/BookingFlow.tsx';
export { ManageBooking } from './components/ManageBooking.tsx';
