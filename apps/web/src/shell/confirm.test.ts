import { describe, expect, it, vi } from 'vitest';
import { colorVariant, confirm, pendingConfirm, settleConfirm } from './confirm.tsx';

describe('global confirm()', () => {
  it('fills the defaults: Okay and Cancel', () => {
    void confirm({ title: 'Delete?' });
    expect(pendingConfirm()).toMatchObject({ title: 'Delete?', confirmText: 'Okay', cancelText: 'Cancel' });
    settleConfirm(false, 'close');
    expect(pendingConfirm()).toBeNull();
  });

  it('resolves true on confirm and false on cancel or close, calling the handlers', async () => {
    const onCancel = vi.fn();
    const onClose = vi.fn();
    const a = confirm({ title: 'A', onCancel, onClose });
    settleConfirm(false, 'cancel');
    await expect(a).resolves.toBe(false);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);

    const b = confirm({ title: 'B', onCancel, onClose, confirmText: 'Delete', confirmColor: 'red' });
    expect(pendingConfirm()).toMatchObject({ confirmText: 'Delete' });
    settleConfirm(true, 'confirm');
    await expect(b).resolves.toBe(true);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('a new request replaces an open one, which resolves false', async () => {
    const first = confirm({ title: 'first' });
    const second = confirm({ title: 'second' });
    await expect(first).resolves.toBe(false);
    expect(pendingConfirm()?.title).toBe('second');
    settleConfirm(true, 'confirm');
    await expect(second).resolves.toBe(true);
  });

  it('maps colour names to button variants', () => {
    expect(colorVariant('red', 'primary')).toBe('danger');
    expect(colorVariant('green', 'primary')).toBe('success');
    expect(colorVariant(undefined, 'secondary')).toBe('secondary');
    expect(colorVariant('ghost', 'primary')).toBe('ghost');
  });
});
