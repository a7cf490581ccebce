import { useAccount } from '../../../api/hooks.ts';
import { getToken } from '../../../api/session.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { mobileContext, platformFromUserAgent } from '../../../shell/mobile.ts';
import { ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { actingAccountId, useWebManifest } from '../api.ts';
import { InstallSteps } from '../components/InstallSteps.tsx';
import { QrCode } from '../components/QrCode.tsx';
import { StoreLinks } from '../components/StoreLinks.tsx';
import { useManifestLink } from '../hooks/useManifestLink.ts';

/**
 * `?install`: install the app on this device (the brand's web app manifest and service worker), its
 * store listings where the brand has them, and a QR code that opens it on a phone.
 */
export default function Install(_props: OverlayProps) {
  // An organization (the acting one, or the signed-in user's own) may have an app identity of its own.
  const acting = useAccount(actingAccountId(), getToken() != null);
  const account = acting.data?.accountType === 'organization' ? acting.data.id : null;
  useManifestLink(account);
  const manifest = useWebManifest(account);
  const platform = mobileContext().platform ?? platformFromUserAgent(navigator.userAgent);
  const m = manifest.data;
  const icon = m?.icons?.find((i) => i.sizes === '192x192') ?? m?.icons?.[0];
  // The page being looked at, on the phone, with this overlay open.
  const openUrl = `${location.origin}${location.pathname.startsWith('/app') || location.pathname === '/inbox' ? location.pathname : '/app'}?install=true`;
  return (
    <OverlayFrame title="Install the app" description="Keep it on your home screen or dock, and open it in its own window." size="md">
      {manifest.isPending || (acting.isFetching && !acting.data) ? (
        <LoadingBlock label="Loading the app" />
      ) : manifest.isError || !m ? (
        <ErrorState title="We could not load this app’s details" message="Reload the page and try again." />
      ) : (
        <div className="flex flex-col gap-6">
          <div className="flex items-center gap-3">
            {icon && (
              <img src={icon.src} alt="" className="size-14 rounded-2xl ring-1 ring-slate-200" style={{ backgroundColor: m.theme_color }} />
            )}
            <div>
              <p className="text-base font-semibold text-slate-900" data-testid="app-name">
                {m.name}
              </p>
              <p className="flex items-center gap-1.5 text-xs text-slate-500">
                <span
                  className="inline-block size-3 rounded-full ring-1 ring-slate-200"
                  style={{ backgroundColor: m.theme_color }}
                  aria-hidden="true"
                />
                Theme colour {m.theme_color}
              </p>
            </div>
          </div>
          <section aria-labelledby="install-here">
            <h3 id="install-here" className="mb-2 text-sm font-semibold text-slate-900">
              On this device
            </h3>
            <InstallSteps name={m.short_name || m.name} platform={platform} />
          </section>
          {(m.related_applications?.length ?? 0) > 0 && (
            <section aria-labelledby="install-stores">
              <h3 id="install-stores" className="mb-2 text-sm font-semibold text-slate-900">
                From the app stores
              </h3>
              <StoreLinks apps={m.related_applications!} platform={platform} />
            </section>
          )}
          <section
            aria-labelledby="install-phone"
            className="flex flex-col items-center gap-3 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-start"
          >
            <QrCode text={openUrl} label={`QR code that opens ${m.name} on a phone`} />
            <div className="text-sm text-slate-600">
              <h3 id="install-phone" className="mb-1 text-sm font-semibold text-slate-900">
                On your phone
              </h3>
              <p>Point the phone’s camera at the code: it opens {m.name} there, with these steps.</p>
              <p className="mt-2 break-all text-xs text-slate-500">{openUrl}</p>
            </div>
          </section>
        </div>
      )}
    </OverlayFrame>
  );
}
