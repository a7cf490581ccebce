/** How the installed app looks: its icon on the home screen and its title bar in the theme colour. */
export function AppPreview({ name, icon, themeColor }: { name: string; icon: string | null; themeColor: string }) {
  return (
    <figure className="flex items-center gap-4 rounded-xl border border-slate-200 p-3" aria-label="Preview of the installed app">
      {icon ? (
        <img src={icon} alt="" className="size-14 rounded-2xl object-cover ring-1 ring-slate-200" />
      ) : (
        <span
          className="flex size-14 items-center justify-center rounded-2xl text-xl font-semibold text-white"
          style={{ backgroundColor: themeColor }}
          aria-hidden="true"
        >
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className="min-w-0 flex-1 overflow-hidden rounded-lg ring-1 ring-slate-200">
        <div className="truncate px-3 py-1.5 text-xs font-medium text-white" style={{ backgroundColor: themeColor }}>
          {name}
        </div>
        <div className="h-6 bg-slate-50" />
      </div>
      <figcaption className="sr-only">
        {name}, theme colour {themeColor}
      </figcaption>
    </figure>
  );
}
