/** The scrolling page area of a section (full-height sections lay out their own panes). */
export function Frame({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">{children}</div>;
}
