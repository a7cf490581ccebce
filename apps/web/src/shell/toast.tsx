import { TIMINGS, TOAST_DRAG_PERCENT } from '@switchboard/core/constants';
import { Slide, toast, ToastContainer, type ToastContainerProps } from 'react-toastify';

/** Toast area of spec §2: one at a time, dark, no progress bar, no close button, bottom, 5000 ms, drag 80%. */
export const TOAST_OPTIONS = {
  limit: 1,
  theme: 'dark',
  hideProgressBar: true,
  closeButton: false,
  position: 'bottom-center',
  autoClose: TIMINGS.toastAutoCloseMs,
  draggable: true,
  draggablePercent: TOAST_DRAG_PERCENT * 100,
  newestOnTop: true,
  pauseOnFocusLoss: false,
} as const satisfies ToastContainerProps;

export function Toasts() {
  return <ToastContainer {...TOAST_OPTIONS} transition={Slide} />;
}

/** `notify('Saved')`, `notify.error('Could not save')`: the one way the app shows toasts. */
export const notify = Object.assign((message: string) => toast(message), {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  info: (message: string) => toast.info(message),
});
