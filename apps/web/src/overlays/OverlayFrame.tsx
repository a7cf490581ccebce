import { createContext, useContext, type ReactNode } from 'react';
import { Dialog, type DialogProps } from '../ui/index.ts';
import type { OverlayProps } from './registry.ts';

export const OverlayContext = createContext<OverlayProps | null>(null);

/** The open overlay's name, value, page params and close(). */
export function useOverlay(): OverlayProps {
  const ctx = useContext(OverlayContext);
  if (!ctx) throw new Error('useOverlay outside an overlay');
  return ctx;
}

/**
 * The frame every overlay renders in: a dialog (a bottom sheet on phones) that closes by removing
 * its query key. `<OverlayFrame title="Members">…</OverlayFrame>`.
 */
export function OverlayFrame({
  title,
  description,
  children,
  footer,
  size = 'md',
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: DialogProps['size'];
}) {
  const { close } = useOverlay();
  return (
    <Dialog open onOpenChange={(o) => !o && close()} title={title} description={description} footer={footer} size={size}>
      {children}
    </Dialog>
  );
}
