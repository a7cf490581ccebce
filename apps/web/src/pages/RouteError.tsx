import { TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a page fails to load or render (e.g. its code could not be fetched after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col justify-center px-4">
      <div role="alert" className="rounded-2xl border border-red-200 bg-white p-6 shadow-sm">
        <div className="flex items-center gap-3 text-red-700">
          <TriangleAlert className="size-6" aria-hidden="true" />
          <h1 className="text-lg font-semibold">This page could not open</h1>
        </div>
        <p className="mt-2 text-sm text-slate-600">
          Reload the page to try again. If it keeps happening, the app may have just been updated.
        </p>
        <p className="mt-3 rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs break-all text-slate-600">{message}</p>
        <div className="mt-5 flex gap-2">
          <button
            type="button"
            onClick={() => location.reload()}
            className="h-10 rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
          >
            Reload
          </button>
          <a
            href="/app"
            className="inline-flex h-10 items-center rounded-lg px-4 text-sm font-medium text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
          >
            Go to the app
          </a>
        </div>
      </div>
    </main>
  );
}
