import { LifeBuoy, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { getStoredUser } from '../../api/session.ts';
import { useBrand } from '../../shell/api.ts';
import { bridge } from '../../shell/bridge.ts';
import { userAgent } from '../../shell/mobile.ts';
import { Button, EmptyState, Field, Textarea, TextField } from '../../ui/index.ts';
import { OverlayFrame } from '../OverlayFrame.tsx';
import type { OverlayProps } from '../registry.ts';

/** The support e-mail for a request, with the docs page it came from and this device. */
export function supportMailto(
  to: string,
  input: { subject: string; message: string; from?: string | null; page?: string | null; brand: string },
): string {
  const lines = [
    input.message.trim(),
    '',
    '—',
    input.from ? `From: ${input.from}` : null,
    input.page ? `Page: ${input.page}` : null,
    `App: ${input.brand}`,
    `Device: ${userAgent()}`,
  ].filter((l): l is string => l != null);
  return `mailto:${encodeURIComponent(to)}?subject=${encodeURIComponent(input.subject)}&body=${encodeURIComponent(lines.join('\n'))}`;
}

/** `?form=get-support` (the help button of brands without a support page); the other forms are in features/device/overlays/Form.tsx. */
export default function Form(props: OverlayProps) {
  return <GetSupport page={props.params.get('page')} />;
}

function GetSupport({ page }: { page: string | null }) {
  const brand = useBrand();
  const user = getStoredUser();
  const [subject, setSubject] = useState(page ? `Help with ${page}` : '');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ subject?: string; message?: string }>({});
  const to = brand.supportEmail;

  function submit(e: FormEvent) {
    e.preventDefault();
    const next = {
      subject: subject.trim() ? undefined : 'Please say what it is about.',
      message: message.trim() ? undefined : 'Please describe what happened.',
    };
    setErrors(next);
    if (next.subject || next.message || !to) return;
    const url = supportMailto(to, { subject: subject.trim(), message, from: user ? `@${user.username}` : null, page, brand: brand.name });
    // Inside the mobile wrapper the native side opens the mail app; in a browser the mailto link does.
    if (bridge.available()) bridge.openUrl(url);
    else window.location.href = url;
  }

  if (!to) {
    return (
      <OverlayFrame title="Get support" size="sm">
        <EmptyState
          icon={<LifeBuoy className="size-6" aria-hidden="true" />}
          title={`Contact ${brand.genericBrand ? 'your provider' : brand.name}`}
          message="Support for this app is handled by the company that gave you access. Reach out to your contact there; mention the page you were on so they can help faster."
          className="py-4"
        />
      </OverlayFrame>
    );
  }
  return (
    <OverlayFrame title="Get support" description={`Your message goes to ${to}.`} size="md">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)} error={errors.subject} maxLength={140} />
        <Field label="What happened?" error={errors.message}>
          {(a11y) => (
            <Textarea
              {...a11y}
              rows={5}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              placeholder="Steps, what you expected, what you saw instead"
            />
          )}
        </Field>
        <Button type="submit" className="self-end">
          <Send className="size-4" aria-hidden="true" /> Write the e-mail
        </Button>
      </form>
    </OverlayFrame>
  );
}
