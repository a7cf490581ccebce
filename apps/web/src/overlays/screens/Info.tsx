import { getStoredUser } from '../../api/session.ts';
import { mobileContext, userAgent } from '../../shell/mobile.ts';
import { currentBrand } from '../../shell/useHelp.ts';
import { OverlayFrame } from '../OverlayFrame.tsx';

/** About this app: version, brand, device and session, for support conversations. */
export default function Info() {
  const user = getStoredUser();
  const m = mobileContext();
  const brand = currentBrand();
  const rows: [string, string][] = [
    ['App', brand.genericBrand ? 'Web app' : `${brand.name} web app`],
    ['Build', `${__BUILD_COMMIT__} · ${new Date(__BUILD_TIME__).toLocaleString()}`],
    ['Signed in as', user ? `@${user.username} (id ${user.id})` : 'Not signed in'],
    ['Mobile app', m.mobileApp ? `${m.platform ?? 'unknown platform'} ${m.appVersion ?? ''}`.trim() : 'No (browser)'],
    ['Browser', userAgent()],
  ];
  return (
    <OverlayFrame title="About this app" size="md">
      <dl className="divide-y divide-slate-100">
        {rows.map(([k, v]) => (
          <div key={k} className="grid gap-1 py-3 xs:grid-cols-3">
            <dt className="text-sm font-medium text-slate-500">{k}</dt>
            <dd className="text-sm break-words text-slate-900 xs:col-span-2">{v}</dd>
          </div>
        ))}
      </dl>
    </OverlayFrame>
  );
}
