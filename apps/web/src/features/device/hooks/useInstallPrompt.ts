import { useEffect, useState } from 'react';
import type { InstallPromptEvent } from '../boot.ts';

/** Whether the page runs as the installed app (standalone window or the iOS home-screen app). */
export function isInstalled(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
}

/** The browser's install prompt kept by boot.ts (Chromium only), and a function that shows it. */
export function useInstallPrompt() {
  const [event, setEvent] = useState<InstallPromptEvent | null>(() => window.__installPrompt ?? null);
  useEffect(() => {
    const update = () => setEvent(window.__installPrompt ?? null);
    window.addEventListener('installpromptchange', update);
    return () => window.removeEventListener('installpromptchange', update);
  }, []);
  async function prompt(): Promise<'accepted' | 'dismissed' | null> {
    if (!event) return null;
    await event.prompt();
    const { outcome } = await event.userChoice;
    window.__installPrompt = null;
    setEvent(null);
    return outcome;
  }
  return { canPrompt: event != null, prompt };
}
