import { useId, useState } from 'react';
import { Button } from '../../../ui/index.ts';

/** The page address with UTM parameters, so the statistics show where visits came from. */
export function campaignUrl(url: string, v: { source: string; medium: string; campaign: string }): string {
  const params = new URLSearchParams();
  if (v.source.trim()) params.set('utm_source', v.source.trim());
  if (v.medium.trim()) params.set('utm_medium', v.medium.trim());
  if (v.campaign.trim()) params.set('utm_campaign', v.campaign.trim());
  const q = params.toString();
  return q ? `${url}?${q}` : url;
}

/** A campaign link builder: source, medium, campaign → the address to share. */
export function CampaignLink({ url }: { url: string }) {
  const id = useId();
  const [v, setV] = useState({ source: '', medium: '', campaign: '' });
  const full = campaignUrl(url, v);
  const field = (key: keyof typeof v, label: string, placeholder: string) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        value={v[key]}
        maxLength={100}
        placeholder={placeholder}
        onChange={(e) => setV({ ...v, [key]: e.target.value })}
        className="mt-1 block w-full rounded-lg px-2.5 py-2 text-sm ring-1 ring-slate-300 ring-inset"
      />
    </div>
  );
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-900">Campaign link</legend>
      <div className="grid grid-cols-3 gap-2">
        {field('source', 'Source', 'instagram')}
        {field('medium', 'Medium', 'social')}
        {field('campaign', 'Campaign', 'spring-sale')}
      </div>
      <label htmlFor={`${id}-url`} className="mt-2 block text-xs font-medium text-slate-700">
        Address to share
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-url`}
          readOnly
          value={full}
          onFocus={(e) => e.target.select()}
          className="block w-full rounded-lg bg-slate-100 px-2.5 py-2 font-mono text-xs text-slate-900 ring-1 ring-slate-200 ring-inset"
        />
        <Button size="sm" variant="secondary" onClick={() => void navigator.clipboard?.writeText(full)}>
          Copy
        </Button>
      </div>
    </fieldset>
  );
}
