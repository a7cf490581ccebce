import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { AccountView } from '../../../api/hooks.ts';
import { OverlayFrame, useOverlay } from '../../../overlays/OverlayFrame.tsx';
import { Button, EmptyState, Input } from '../../../ui/index.ts';
import { errorText, useSaveSocialLinks } from '../api.ts';
import { AccountGate, useOverlayAccount } from '../overlayParts/index.ts';
import { FormError, FormFooter, selectClass } from '../parts.tsx';

const TYPES = ['website', 'instagram', 'facebook', 'x', 'linkedin', 'youtube', 'tiktok', 'whatsapp', 'email', 'phone'] as const;
const TYPE_LABEL: Record<string, string> = {
  website: 'Website',
  instagram: 'Instagram',
  facebook: 'Facebook',
  x: 'X',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  phone: 'Phone',
};
const PLACEHOLDER: Record<string, string> = { email: 'mailto:hello@example.com', phone: 'tel:+14155550100' };

/** ?editSocial: social links (add, order, remove) and where they show (top or bottom). */
export default function EditSocial() {
  return <AccountGate title="Social links">{(a) => <Editor account={a} />}</AccountGate>;
}

function Editor({ account }: { account: AccountView }) {
  const { close } = useOverlay();
  const { target } = useOverlayAccount();
  const [links, setLinks] = useState(account.socialLinks.map((l, i) => ({ ...l, key: i })));
  const [position, setPosition] = useState<'top' | 'bottom'>(account.socialLinksPosition);
  const [nextKey, setNextKey] = useState(links.length);
  const save = useSaveSocialLinks(
    target,
    {
      socialLinks: links.map(({ type, url }) => ({ type, url: url.trim() })),
      socialLinksPosition: position,
    },
    { success: 'Social links saved', onSuccess: close, toastErrors: false },
  );
  const badIndex = save.error && 'field' in save.error ? Number(String((save.error as { field?: string }).field).split('.')[1]) : NaN;
  const update = (i: number, patch: Partial<{ type: string; url: string }>) =>
    setLinks((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const move = (i: number, d: -1 | 1) =>
    setLinks((ls) => {
      const next = [...ls];
      [next[i], next[i + d]] = [next[i + d]!, next[i]!];
      return next;
    });
  return (
    <OverlayFrame
      title="Social links"
      description="Shown on your public profile and link page."
      size="lg"
      footer={<FormFooter form="social-form" label="Save links" loading={save.isPending} onCancel={close} />}
    >
      <form id="social-form" className="flex flex-col gap-4" onSubmit={(e) => (e.preventDefault(), save.mutate(undefined))}>
        {links.length === 0 ? (
          <EmptyState className="py-6" title="No social links yet" message="Add your website or social profiles so people can find you." />
        ) : (
          <ol className="flex flex-col gap-3">
            {links.map((l, i) => (
              <li key={l.key} className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3 xs:flex-row xs:items-center">
                <select
                  aria-label={`Link ${i + 1} type`}
                  value={l.type}
                  onChange={(e) => update(i, { type: e.target.value })}
                  className={`${selectClass} xs:w-36`}
                >
                  {TYPES.map((t) => (
                    <option key={t} value={t}>
                      {TYPE_LABEL[t]}
                    </option>
                  ))}
                </select>
                <Input
                  aria-label={`Link ${i + 1} address`}
                  aria-invalid={badIndex === i || undefined}
                  value={l.url}
                  onChange={(e) => update(i, { url: e.target.value })}
                  placeholder={PLACEHOLDER[l.type] ?? 'https://'}
                  inputMode="url"
                  autoCapitalize="none"
                  required
                  className="flex-1"
                />
                <div className="flex gap-1 self-end xs:self-auto">
                  <Button size="xs" variant="ghost" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move link ${i + 1} up`}>
                    <ArrowUp className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    size="xs"
                    variant="ghost"
                    disabled={i === links.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={`Move link ${i + 1} down`}
                  >
                    <ArrowDown className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    size="xs"
                    variant="ghost"
                    className="text-red-700 hover:bg-red-50"
                    onClick={() => setLinks((ls) => ls.filter((_, j) => j !== i))}
                    aria-label={`Remove link ${i + 1}`}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        )}
        <div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setLinks((ls) => [...ls, { type: 'website', url: '', key: nextKey }]);
              setNextKey((k) => k + 1);
            }}
          >
            <Plus className="size-4" aria-hidden="true" /> Add link
          </Button>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">Where the links show</legend>
          {(['top', 'bottom'] as const).map((p) => (
            <label key={p} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="position"
                value={p}
                checked={position === p}
                onChange={() => setPosition(p)}
                className="size-4 accent-brand-600"
              />
              {p === 'top' ? 'At the top, under the name' : 'At the bottom, after the links'}
            </label>
          ))}
        </fieldset>
        <FormError error={save.error ? errorText(save.error) : null} />
      </form>
    </OverlayFrame>
  );
}
