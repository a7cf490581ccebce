import { CircleHelp } from 'lucide-react';
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { Button, Dialog, type ButtonVariant } from '../ui/index.ts';
import { useHelp } from './useHelp.ts';

/** A button colour: a Button variant, or a plain colour name. */
export type ConfirmColor = ButtonVariant | 'red' | 'green' | 'blue' | 'gray' | 'grey';

const COLOR_VARIANT: Record<string, ButtonVariant> = {
  red: 'danger',
  green: 'success',
  blue: 'primary',
  gray: 'secondary',
  grey: 'secondary',
};
export function colorVariant(color: ConfirmColor | undefined, fallback: ButtonVariant): ButtonVariant {
  if (!color) return fallback;
  return COLOR_VARIANT[color] ?? (color as ButtonVariant);
}

/** The confirmation dialog's options (spec §2). */
export interface ConfirmOptions {
  icon?: ReactNode;
  title: ReactNode;
  message?: ReactNode;
  confirmText?: string;
  confirmColor?: ConfirmColor;
  cancelText?: string;
  cancelColor?: ConfirmColor;
  /** Shows a help button; the string is the docs page name passed to the help target. */
  help?: string | true;
  onConfirm?: () => void | Promise<void>;
  onCancel?: () => void;
  onClose?: () => void;
}

interface Pending extends ConfirmOptions {
  resolve: (ok: boolean) => void;
}

let pending: Pending | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/**
 * Asks the user to confirm, from anywhere (components, handlers, plain modules). Resolves true on
 * confirm, false on cancel or close. A new call replaces an open one (which resolves false).
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    if (pending) {
      const prev = pending;
      pending = null;
      prev.onClose?.();
      prev.resolve(false);
    }
    pending = { confirmText: 'Okay', cancelText: 'Cancel', confirmColor: 'primary', cancelColor: 'secondary', ...options, resolve };
    emit();
  });
}

/** The open request (for the host and tests). */
export function pendingConfirm(): Readonly<Pending> | null {
  return pending;
}

/** Settles the open request: confirm → true; cancel (runs onCancel) and close → false; onClose always. */
export function settleConfirm(ok: boolean, how: 'confirm' | 'cancel' | 'close') {
  finish(ok, how);
}

function finish(ok: boolean, how: 'confirm' | 'cancel' | 'close') {
  const p = pending;
  if (!p) return;
  pending = null;
  emit();
  if (how === 'cancel') p.onCancel?.();
  p.onClose?.();
  p.resolve(ok);
}

/** The one confirmation dialog; mounted by the shell. */
export function ConfirmHost() {
  const current = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pending,
    () => null,
  );
  const [busy, setBusy] = useState(false);
  const help = useHelp();
  if (!current) return null;

  async function onConfirm() {
    if (!current) return;
    if (current.onConfirm) {
      setBusy(true);
      try {
        await current.onConfirm();
      } finally {
        setBusy(false);
      }
    }
    finish(true, 'confirm');
  }

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !busy && finish(false, 'close')}
      size="sm"
      hideClose
      title={
        <span className="flex items-center gap-3">
          {current.icon && (
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700" aria-hidden="true">
              {current.icon}
            </span>
          )}
          <span>{current.title}</span>
        </span>
      }
      footer={
        <>
          {current.help && (
            <Button
              variant="ghost"
              className="xs:mr-auto"
              onClick={() => {
                const page = typeof current.help === 'string' ? current.help : null;
                finish(false, 'close');
                help(page);
              }}
            >
              <CircleHelp className="size-4" aria-hidden="true" /> Help
            </Button>
          )}
          <Button variant={colorVariant(current.cancelColor, 'secondary')} onClick={() => finish(false, 'cancel')} disabled={busy}>
            {current.cancelText}
          </Button>
          <Button variant={colorVariant(current.confirmColor, 'primary')} onClick={onConfirm} loading={busy} data-autofocus>
            {current.confirmText}
          </Button>
        </>
      }
      // The message is the dialog's accessible description (read out with the title).
      description={current.message || undefined}
    />
  );
}
