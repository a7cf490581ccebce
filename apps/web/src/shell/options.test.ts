import NProgress from 'nprogress';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_OPTIONS, trickle } from './progress.tsx';
import { TOAST_OPTIONS } from './toast.tsx';

afterEach(() => vi.restoreAllMocks());

describe('global shell settings of spec §2', () => {
  it('progress bar: minimum 0.08, trickle 0.02 every 800 ms, no spinner', () => {
    expect(PROGRESS_OPTIONS).toMatchObject({ minimum: 0.08, trickleSpeed: 800, showSpinner: false });
    expect(NProgress.settings).toMatchObject({ minimum: 0.08, trickleSpeed: 800, showSpinner: false });
    const inc = vi.spyOn(NProgress, 'inc').mockReturnValue(NProgress);
    trickle();
    expect(inc).toHaveBeenCalledWith(0.02);
  });

  it('toasts: one at a time, dark, no progress bar, no close button, bottom, 5000 ms, drag 80%', () => {
    expect(TOAST_OPTIONS).toMatchObject({
      limit: 1,
      theme: 'dark',
      hideProgressBar: true,
      closeButton: false,
      autoClose: 5000,
      draggablePercent: 80,
    });
    expect(TOAST_OPTIONS.position.startsWith('bottom')).toBe(true);
  });
});
