import { BellRing, Download, MessageSquareHeart, Palette, Send } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import type { AccountView } from '../../../api/hooks.ts';

/**
 * Links to the device overlays for a Settings page: install, devices and notifications, the app
 * identity (organizations: `orgApp`; resellers and partners: `resellerApp`), feedback and sales.
 */
export function AppAndDevicesCard({ account }: { account: AccountView }) {
  const { search } = useLocation();
  const to = (key: string, value = 'true') => {
    const q = new URLSearchParams(search);
    q.set(key, value);
    return { search: `?${q}` };
  };
  const identity = account.permissions.canEditOrg
    ? account.accountType === 'organization'
      ? 'orgApp'
      : account.accountType === 'reseller' || account.accountType === 'partner'
        ? 'resellerApp'
        : null
    : null;
  const items = [
    { key: 'install', label: 'Install the app', hint: 'On this computer or your phone', icon: Download },
    { key: 'mobile', label: 'Devices and notifications', hint: 'Push for new conversations', icon: BellRing },
    ...(identity ? [{ key: identity, label: 'App identity', hint: 'Name, icon, colour, store links', icon: Palette }] : []),
    { key: 'form', value: 'feedback', label: 'Send feedback', hint: 'A person reads every message', icon: MessageSquareHeart },
    { key: 'form', value: 'contact-sales', label: 'Contact sales', hint: 'Larger teams and custom setups', icon: Send },
  ];
  return (
    <section aria-labelledby="app-devices-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="app-devices-title" className="text-base font-semibold text-slate-900">
        App and devices
      </h2>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {items.map((i) => (
          <li key={`${i.key}-${i.value ?? ''}`}>
            <Link
              to={to(i.key, i.value)}
              className="flex items-center gap-3 rounded-xl border border-slate-200 p-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <i.icon className="size-5 text-brand-600" aria-hidden="true" />
              <span>
                <span className="block text-sm font-medium text-slate-900">{i.label}</span>
                <span className="block text-xs text-slate-500">{i.hint}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
