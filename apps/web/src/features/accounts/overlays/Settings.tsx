import { ChevronRight, Share2, UserPen, Users } from 'lucide-react';
import { useState } from 'react';
import type { AccountView } from '../../../api/hooks.ts';
import { OverlayFrame, useOverlay } from '../../../overlays/OverlayFrame.tsx';
import { Button } from '../../../ui/index.ts';
import { useSaveSettings } from '../api.ts';
import { AccountGate, useOverlayAccount } from '../overlayParts/index.ts';
import { useSwitchOverlay } from '../parts.tsx';

const TOGGLES = [
  { key: 'smsMessaging', label: 'SMS messaging', hint: 'Let agents of this account send and receive text messages.' },
  { key: 'allowEmbeds', label: 'Allow embeds', hint: 'Let other websites embed this account’s chat widget.' },
] as const;

/** ?settings: the account's switches (spec §3 settings) and the way to its other screens. */
export default function Settings() {
  return <AccountGate title="Settings">{(a) => <SettingsBody account={a} />}</AccountGate>;
}

function SettingsBody({ account }: { account: AccountView }) {
  const { close } = useOverlay();
  const { target } = useOverlayAccount();
  const go = useSwitchOverlay('settings');
  const [values, setValues] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(TOGGLES.map((t) => [t.key, account.settings[t.key] === true])),
  );
  const save = useSaveSettings(target, {
    success: 'Settings saved',
  });
  const canEdit = account.permissions.canEditOrg;
  return (
    <OverlayFrame title="Settings" description={account.displayName} footer={<Button onClick={close}>Done</Button>}>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {TOGGLES.map((t) => (
          <li key={t.key} className="flex items-center gap-4 px-4 py-3">
            <div className="min-w-0 flex-1">
              <p id={`setting-${t.key}`} className="text-sm font-medium text-slate-900">
                {t.label}
              </p>
              <p className="text-sm text-slate-600">{t.hint}</p>
            </div>
            <button
              type="button"
              role="switch"
              aria-checked={values[t.key]}
              aria-labelledby={`setting-${t.key}`}
              disabled={!canEdit || save.isPending}
              onClick={() => {
                const next = !values[t.key];
                setValues((v) => ({ ...v, [t.key]: next }));
                save.mutate({ [t.key]: next }, { onError: () => setValues((v) => ({ ...v, [t.key]: !next })) });
              }}
              className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${values[t.key] ? 'bg-brand-600' : 'bg-slate-300'}`}
            >
              <span
                className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${values[t.key] ? 'translate-x-5.5' : 'translate-x-0.5'}`}
              />
            </button>
          </li>
        ))}
      </ul>
      <ul className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200">
        {[
          { key: 'editProfile', label: 'Profile', icon: UserPen, show: canEdit },
          { key: 'members', label: 'Members', icon: Users, show: account.permissions.canManageUsers || account.permissions.canInviteUsers },
          { key: 'shareProfile', label: 'Share profile', icon: Share2, show: true },
        ]
          .filter((r) => r.show)
          .map((r) => (
            <li key={r.key}>
              <button
                type="button"
                onClick={() => go(r.key)}
                className="flex w-full items-center gap-3 px-4 py-3 text-left text-sm text-slate-900 hover:bg-slate-50"
              >
                <r.icon className="size-5 text-slate-400" aria-hidden="true" />
                <span className="flex-1">{r.label}</span>
                <ChevronRight className="size-4 text-slate-400" aria-hidden="true" />
              </button>
            </li>
          ))}
      </ul>
    </OverlayFrame>
  );
}
