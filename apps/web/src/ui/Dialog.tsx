import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { createContext, useContext, type ReactNode } from 'react';
import { cn } from './cn.ts';

/**
 * Whether another dialog is stacked on this one (`?billing=true&checkout=3`: Checkout covers "Choose a
 * plan"). A covered dialog is not modal, so it never hides the top one from screen readers or takes its
 * focus, whichever of the two mounted last; the top one is modal and hides the rest.
 */
export const DialogCoveredContext = createContext(false);

/** The last element focused outside any dialog: where focus goes back when the last dialog closes. */
let lastOutside: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (e) => {
    const t = e.target;
    if (t instanceof HTMLElement && !t.closest('[role="dialog"], [role="alertdialog"]')) lastOutside = t;
  });
}

/** Focus after a dialog closed: into the dialog still open beneath it, else back where it was before. */
function returnFocus() {
  const below = [
    ...document.querySelectorAll<HTMLElement>('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]'),
  ].at(-1);
  if (below) return (below.querySelector<HTMLElement>('[data-autofocus]') ?? below).focus();
  if (lastOutside?.isConnected) return lastOutside.focus();
  document.getElementById('main')?.focus();
}

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** 'sm' for confirmations, 'md' for forms, 'lg' for overlays with lists; 'sheet' slides over on the right. */
  size?: 'sm' | 'md' | 'lg' | 'sheet';
  hideClose?: boolean;
  className?: string;
}

const widths = { sm: 'sm:max-w-md', md: 'sm:max-w-lg', lg: 'sm:max-w-3xl', sheet: '' };

/**
 * A modal on Radix (focus trap, Escape, labelled by its title). On phones it rises from the bottom as
 * a sheet; from 768 px it is centred (or, with size 'sheet', docked on the right).
 */
export function Dialog({ open, onOpenChange, title, description, children, footer, size = 'md', hideClose, className }: DialogProps) {
  const sheet = size === 'sheet';
  const covered = useContext(DialogCoveredContext);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange} modal={!covered}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 backdrop-blur-[1px]" />
        <RadixDialog.Content
          // Covered: a click in the dialog on top is not a click "outside" that closes this one.
          onInteractOutside={covered ? (e) => e.preventDefault() : undefined}
          onCloseAutoFocus={(e) => {
            // Radix returns focus to what was focused when the dialog mounted, which for an overlay
            // that loaded lazily is its (gone) loading frame: go to the dialog beneath or the opener.
            e.preventDefault();
            returnFocus();
          }}
          onOpenAutoFocus={(e) => {
            // Focus the element marked data-autofocus (a first field, a confirm button), else the dialog
            // itself: no focus ring jumps onto the close button when an overlay opens.
            const content = e.currentTarget as HTMLElement;
            e.preventDefault();
            // A field with React's autoFocus already took focus: keep it there.
            if (content.contains(document.activeElement) && document.activeElement !== content) return;
            const target = content.querySelector<HTMLElement>('[data-autofocus]');
            (target ?? content).focus();
          }}
          tabIndex={-1}
          // Without a description the dialog has none (not a stand-in word like "Dialog").
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed z-50 flex max-h-[92dvh] w-full flex-col bg-white shadow-xl focus:outline-none',
            'inset-x-0 bottom-0 rounded-t-2xl',
            sheet
              ? 'sm:inset-y-0 sm:right-0 sm:left-auto sm:max-h-none sm:w-[28rem] sm:rounded-none sm:rounded-l-2xl'
              : cn('sm:inset-auto sm:top-1/2 sm:left-1/2 sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl', widths[size]),
            className,
          )}
        >
          <div className="flex items-start gap-3 border-b border-slate-100 px-5 pt-5 pb-4">
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description asChild>
                  <div className="mt-1 text-sm text-slate-600">{description}</div>
                </RadixDialog.Description>
              ) : null}
            </div>
            {!hideClose && (
              <RadixDialog.Close
                className="-mt-1 -mr-2 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
                aria-label="Close"
              >
                <X className="size-5" aria-hidden="true" />
              </RadixDialog.Close>
            )}
          </div>
          {children != null && <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>}
          {footer && (
            <div className="flex flex-col-reverse gap-2 border-t border-slate-100 px-5 py-4 xs:flex-row xs:justify-end">{footer}</div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
