import { formatPhone } from '@switchboard/core/rules/format';
import { AtSign, Camera, ChevronRight, Link2, Mail, Phone, User, Building2, type LucideIcon } from 'lucide-react';
import { OverlayFrame, useOverlay } from '../../../overlays/OverlayFrame.tsx';
import { Avatar, Button } from '../../../ui/index.ts';
import { useSwitchOverlay } from '../parts.tsx';
import { AccountGate } from '../overlayParts/index.ts';

/** ?editProfile: every part of the profile, each opening its own editor. */
export default function EditProfile() {
  const { close } = useOverlay();
  const go = useSwitchOverlay('editProfile');
  return (
    <AccountGate title="Profile">
      {(a) => {
        const rows: { key: string; label: string; value: string; icon: LucideIcon }[] = [
          {
            key: 'editFullName',
            label: 'Full name',
            value: (typeof a.details.fullName === 'string' && a.details.fullName) || 'Not set',
            icon: User,
          },
          { key: 'editUserAccount', label: 'Account name', value: a.displayName, icon: Building2 },
          { key: 'editSlug', label: 'Username', value: `@${a.username}`, icon: AtSign },
          {
            key: 'editEmail',
            label: 'E-mail',
            value: a.email ? `${a.email}${a.emailVerified ? '' : ' (not verified)'}` : 'Not set',
            icon: Mail,
          },
          {
            key: 'editPhone',
            label: 'Phone',
            value: a.phoneNumber ? `${formatPhone(a.phoneNumber)}${a.phoneNumberVerified ? '' : ' (not verified)'}` : 'Not set',
            icon: Phone,
          },
          {
            key: 'editSocial',
            label: 'Social links',
            value: a.socialLinks.length
              ? `${a.socialLinks.length} link${a.socialLinks.length === 1 ? '' : 's'}, shown at the ${a.socialLinksPosition}`
              : 'None yet',
            icon: Link2,
          },
        ];
        return (
          <OverlayFrame
            title="Profile"
            description="How this account appears to customers and your team."
            footer={<Button onClick={close}>Done</Button>}
          >
            <div className="mb-4 flex items-center gap-4">
              <Avatar name={a.displayName} src={a.profileImage} size="xl" />
              <div className="min-w-0">
                <p className="truncate text-lg font-semibold text-slate-900">{a.displayName}</p>
                <Button
                  size="xs"
                  variant="secondary"
                  className="mt-2"
                  onClick={() => go('editAvatar')}
                  disabled={!a.permissions.canEditOrg}
                >
                  <Camera className="size-4" aria-hidden="true" /> Change picture
                </Button>
              </div>
            </div>
            <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
              {rows.map((r) => (
                <li key={r.key}>
                  <button
                    type="button"
                    onClick={() => go(r.key)}
                    disabled={!a.permissions.canEditOrg}
                    className="flex w-full items-center gap-3 px-3 py-3 text-left hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60"
                    aria-label={`Edit ${r.label.toLowerCase()}: ${r.value}`}
                  >
                    <r.icon className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
                    <span className="w-28 shrink-0 text-sm text-slate-500">{r.label}</span>
                    <span className="min-w-0 flex-1 truncate text-sm text-slate-900">{r.value}</span>
                    <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          </OverlayFrame>
        );
      }}
    </AccountGate>
  );
}
