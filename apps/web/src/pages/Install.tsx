import { Smartphone } from 'lucide-react';
import { useBrand } from '../shell/api.ts';
import { mobileContext, platformFromUserAgent } from '../shell/mobile.ts';
import { PageFrame, primaryLink, secondaryLink } from './PageFrame.tsx';
import { useTitle } from '../shell/useTitle.ts';

export const STORE_LINKS = {
  iOS: { label: 'Download on the App Store', href: 'https://apps.apple.com/app/switchboard-ai-phone-agent/id6450000000' },
  Android: { label: 'Get it on Google Play', href: 'https://play.google.com/store/apps/details?id=app.switchboard' },
} as const;

/** Which store links to show, first the one for this device (`?platform=` or the user agent). */
export function storeOrder(platform: 'iOS' | 'Android' | null): ('iOS' | 'Android')[] {
  if (platform === 'Android') return ['Android'];
  if (platform === 'iOS') return ['iOS'];
  return ['iOS', 'Android'];
}

export default function Install() {
  const platform = mobileContext().platform ?? platformFromUserAgent(navigator.userAgent);
  const stores = storeOrder(platform);
  const brand = useBrand();
  useTitle('Get the app');
  return (
    <PageFrame>
      <section className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600" aria-hidden="true">
          <Smartphone className="size-7" />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
          {brand.genericBrand ? 'Get the app' : `Get the ${brand.name} app`}
        </h1>
        <p className="mt-2 text-sm leading-6 text-slate-600">
          Answer conversations, take over calls from your agent and get notified on the go.
          {platform ? ` We picked the store for your ${platform} device.` : ''}
        </p>
        <div className="mt-8 flex flex-col justify-center gap-2 xs:flex-row">
          {stores.map((s, i) => (
            <a
              key={s}
              href={STORE_LINKS[s].href}
              className={i === 0 ? primaryLink : secondaryLink}
              rel="noopener noreferrer"
              data-store={s}
            >
              {STORE_LINKS[s].label}
            </a>
          ))}
        </div>
        {stores.length === 1 && (
          <p className="mt-4 text-sm text-slate-500">
            On another phone?{' '}
            <a
              className="font-medium text-brand-700 hover:underline"
              href={STORE_LINKS[stores[0] === 'iOS' ? 'Android' : 'iOS'].href}
              rel="noopener noreferrer"
            >
              {stores[0] === 'iOS' ? 'Android' : 'iPhone'} version
            </a>
          </p>
        )}
      </section>
    </PageFrame>
  );
}
