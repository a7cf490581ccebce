import { getToken } from '../../api/session.ts';
import { checkIn } from './api.ts';

/**
 * Loaded by index.html beside the app: registers the service worker (public/sw.js) once the page has
 * loaded, checks a signed-in browser in once per browser session (so the `mobile` overlay lists every
 * device the user works on), and keeps the browser's install prompt for the `install` overlay, since
 * Chromium fires `beforeinstallprompt` once, possibly before that overlay is opened.
 */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

declare global {
  interface Window {
    __installPrompt?: InstallPromptEvent | null;
  }
}

window.addEventListener('beforeinstallprompt', (e) => {
  e.preventDefault();
  window.__installPrompt = e as InstallPromptEvent;
  window.dispatchEvent(new Event('installpromptchange'));
});
window.addEventListener('appinstalled', () => {
  window.__installPrompt = null;
  window.dispatchEvent(new Event('installpromptchange'));
});

const CHECKED_IN = 'deviceCheckedIn';
window.addEventListener('load', () => {
  if (!getToken() || sessionStorage.getItem(CHECKED_IN)) return;
  sessionStorage.setItem(CHECKED_IN, '1');
  checkIn().catch(() => sessionStorage.removeItem(CHECKED_IN));
});

if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((err: unknown) => console.warn('service worker not registered', err));
  });
}

export type { InstallPromptEvent };
