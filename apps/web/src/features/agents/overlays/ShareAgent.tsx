import { Copy } from 'lucide-react';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import { notify } from '../../../shell/toast.tsx';
import { Button, Field, Input, LoadingBlock, Textarea } from '../../../ui/index.ts';
import { useActingAccount } from '../../accounts/api.ts';

/** ?shareAgent: the public chat link and the website widget snippet for the agent. */
export default function ShareAgent() {
  const acting = useActingAccount();
  if (!acting.data)
    return (
      <OverlayFrame title="Share agent">
        <LoadingBlock />
      </OverlayFrame>
    );
  const origin = window.location.origin;
  const link = `${origin}/chat/${acting.data.username}`;
  const snippet = `<script src="${origin}/widget.js" data-username="${acting.data.username}"></script>`;
  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify(`${what} copied`);
    } catch {
      notify.error('Copy did not work; select the text and copy it.');
    }
  };
  return (
    <OverlayFrame title="Share agent" description="People can chat with your published agent here.">
      <div className="space-y-4">
        <Field label="Chat link">
          {(a11y) => (
            <div className="flex gap-2">
              <Input {...a11y} readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
              <Button variant="secondary" aria-label="Copy link" onClick={() => void copy(link, 'Link')}>
                <Copy className="size-4" aria-hidden />
              </Button>
            </div>
          )}
        </Field>
        <Field label="Website widget" hint="Paste before </body> on your site.">
          {(a11y) => (
            <Textarea {...a11y} readOnly rows={3} className="font-mono text-xs" value={snippet} onFocus={(e) => e.currentTarget.select()} />
          )}
        </Field>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => void copy(snippet, 'Widget code')}>
            Copy widget code
          </Button>
          <a
            className="inline-flex h-10 items-center rounded-lg px-4 text-sm font-medium text-brand-700 hover:bg-brand-50"
            href={link}
            target="_blank"
            rel="noreferrer"
          >
            Open chat page
          </a>
        </div>
      </div>
    </OverlayFrame>
  );
}
