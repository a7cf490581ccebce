import { Component, lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, Dialog, Skeleton } from '../ui/index.ts';
import { DialogCoveredContext } from '../ui/Dialog.tsx';
import { OverlayContext } from './OverlayFrame.tsx';
import { MissingOverlayModuleError, overlaysInQuery, resolveOverlay, withoutOverlay, type OverlayProps } from './registry.ts';

const lazyCache = new Map<string, LazyExoticComponent<ComponentType<OverlayProps>>>();

function componentFor(name: string): LazyExoticComponent<ComponentType<OverlayProps>> {
  const cached = lazyCache.get(name);
  if (cached) return cached;
  const r = resolveOverlay(name);
  const Comp = lazy(async () => {
    if (r.kind === 'missing') throw r.error;
    return r.load();
  });
  lazyCache.set(name, Comp);
  return Comp;
}

/** Renders every overlay whose key the query carries. Mounted once in the shell. */
export function OverlayHost() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const open = overlaysInQuery(params);
  if (open.length === 0) return null;
  return (
    <>
      {open.map(({ name, value }, i) => {
        const close = () => {
          const state = location.state as { overlay?: string } | null;
          if (state?.overlay === name && window.history.length > 1) navigate(-1);
          else
            navigate(
              { pathname: location.pathname, search: withoutOverlay(location.search, name), hash: location.hash },
              { replace: true },
            );
        };
        const props: OverlayProps = { name, value, params, close };
        const Comp = componentFor(name);
        return (
          <OverlayContext.Provider key={name} value={props}>
            {/* The last overlay in the query is on top; the ones beneath are not modal. */}
            <DialogCoveredContext.Provider value={i < open.length - 1}>
              <OverlayErrorBoundary name={name} close={close}>
                <Suspense fallback={<LoadingOverlay close={close} />}>
                  <Comp {...props} />
                </Suspense>
              </OverlayErrorBoundary>
            </DialogCoveredContext.Provider>
          </OverlayContext.Provider>
        );
      })}
    </>
  );
}

function LoadingOverlay({ close }: { close: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      size="md"
      title={
        <>
          <span className="sr-only">Loading</span>
          <span aria-hidden="true" className="block h-6 w-40 animate-pulse rounded-md bg-slate-200" />
        </>
      }
    >
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-10 w-full" />
      </div>
    </Dialog>
  );
}

class OverlayErrorBoundary extends Component<{ name: string; close: () => void; children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidCatch(error: Error) {
    console.error(error);
  }
  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const missing = error instanceof MissingOverlayModuleError;
    return (
      <Dialog
        open
        onOpenChange={(o) => !o && this.props.close()}
        title={missing ? 'This screen is missing' : 'This screen could not open'}
        size="sm"
        footer={<Button onClick={this.props.close}>Close</Button>}
      >
        <div role="alert" className="space-y-2 text-sm text-slate-700">
          <p>
            {missing
              ? `The module for “${this.props.name}” is not part of this build.`
              : 'Something went wrong while opening it. Try again in a moment.'}
          </p>
          <p className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs break-all text-slate-600">{error.message}</p>
        </div>
      </Dialog>
    );
  }
}
