import { CheckCircle2, Download, Share } from 'lucide-react';
import { useState } from 'react';
import { notify } from '../../../shell/toast.tsx';
import { Button } from '../../../ui/index.ts';
import { isInstalled, useInstallPrompt } from '../hooks/useInstallPrompt.ts';

/** Installing on this device: the browser's prompt where it offers one, else what to tap. */
export function InstallSteps({ name, platform }: { name: string; platform: 'iOS' | 'Android' | null }) {
  const { canPrompt, prompt } = useInstallPrompt();
  const [installed, setInstalled] = useState(isInstalled);
  if (installed) {
    return (
      <p className="flex items-center gap-2 rounded-xl bg-emerald-50 p-3 text-sm text-emerald-800">
        <CheckCircle2 className="size-5" aria-hidden="true" /> {name} is installed on this device: you are using it now.
      </p>
    );
  }
  if (canPrompt) {
    return (
      <Button
        onClick={async () => {
          const outcome = await prompt();
          if (outcome === 'accepted') {
            setInstalled(true);
            notify.success(`${name} is installed`);
          }
        }}
      >
        <Download className="size-4" aria-hidden="true" /> Install {name}
      </Button>
    );
  }
  return (
    <div className="rounded-xl bg-slate-50 p-3 text-sm leading-6 text-slate-700" data-testid="install-steps">
      {platform === 'iOS' ? (
        <p>
          In Safari, tap <Share className="inline size-4 align-text-bottom" aria-label="Share" /> <strong>Share</strong>, then{' '}
          <strong>Add to Home Screen</strong>.
        </p>
      ) : (
        <p>
          Open your browser’s menu and choose <strong>Install app</strong> (or <strong>Add to Home screen</strong> on a phone). {name} then
          opens in its own window, without the browser’s bars.
        </p>
      )}
    </div>
  );
}
