import { Apple, Play } from 'lucide-react';
import type { WebManifest } from '../api.ts';

const LABELS: Record<string, { label: string; icon: typeof Apple }> = {
  itunes: { label: 'Download on the App Store', icon: Apple },
  play: { label: 'Get it on Google Play', icon: Play },
};

/** The brand's store listings from its manifest (`related_applications`), the device's own first. */
export function StoreLinks({
  apps,
  platform,
}: {
  apps: NonNullable<WebManifest['related_applications']>;
  platform: 'iOS' | 'Android' | null;
}) {
  const known = apps.filter((a) => LABELS[a.platform]);
  const first = platform === 'Android' ? 'play' : platform === 'iOS' ? 'itunes' : null;
  const sorted = [...known].sort((a, b) => Number(b.platform === first) - Number(a.platform === first));
  if (sorted.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2 sm:flex-row" aria-label="App stores">
      {sorted.map((a) => {
        const { label, icon: Icon } = LABELS[a.platform]!;
        return (
          <li key={a.platform}>
            <a
              href={a.url}
              target="_blank"
              rel="noopener noreferrer"
              data-store={a.platform}
              className="inline-flex items-center gap-2 rounded-xl bg-slate-900 px-4 py-2.5 text-sm font-medium text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <Icon className="size-4" aria-hidden="true" /> {label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
