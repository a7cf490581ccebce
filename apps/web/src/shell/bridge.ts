/**
 * The native app bridge (spec §7 "Native app bridge messages"). Inside the iOS/Android wrapper the web
 * app posts messages to the native side: searchContact, openUrl and the logout command. Outside the
 * wrapper openUrl falls back to the browser and the others are no-ops.
 *
 * Pure: the window is injected, so the rules are unit-tested without a browser.
 */
export type BridgeMessage =
  | { type: 'searchContact'; contactToSearch: string; requestId: string }
  | { type: 'openUrl'; urlToOpen: string; openInNativeBrowser: boolean }
  | { type: 'logout' };

export interface BridgeWindow {
  ReactNativeWebView?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: Record<string, { postMessage(message: unknown): void } | undefined> };
  open?(url: string, target?: string, features?: string): unknown;
  addEventListener?(type: 'message', listener: (e: { data: unknown }) => void): void;
  removeEventListener?(type: 'message', listener: (e: { data: unknown }) => void): void;
}

/** What the native side answers to searchContact: the same requestId and the contacts it found. */
export interface ContactSearchResult {
  requestId: string;
  contacts: { name?: string; phoneNumbers?: string[]; emails?: string[] }[];
}

/** Reads a native answer (a JSON string or an object) for one request id; null when it is not one. */
export function parseContactSearchResult(data: unknown, requestId: string): ContactSearchResult | null {
  let v = data;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (!v || typeof v !== 'object') return null;
  const o = v as { type?: unknown; requestId?: unknown; contacts?: unknown };
  if (o.requestId !== requestId || (o.type !== undefined && o.type !== 'searchContactResult')) return null;
  return { requestId, contacts: Array.isArray(o.contacts) ? (o.contacts as ContactSearchResult['contacts']) : [] };
}

let nextRequest = 0;
export function newRequestId(): string {
  nextRequest += 1;
  return `req-${Date.now().toString(36)}-${nextRequest}`;
}

export class BridgeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BridgeError';
  }
}

/** Is there a native side to talk to? */
export function hasNativeBridge(win: BridgeWindow | undefined): boolean {
  return Boolean(win?.ReactNativeWebView?.postMessage || win?.webkit?.messageHandlers?.native?.postMessage);
}

/** Sends one message to the native side; false when there is none. */
export function postToNative(win: BridgeWindow | undefined, message: BridgeMessage): boolean {
  const json = JSON.stringify(message);
  if (win?.ReactNativeWebView?.postMessage) {
    win.ReactNativeWebView.postMessage(json);
    return true;
  }
  const handler = win?.webkit?.messageHandlers?.native;
  if (handler?.postMessage) {
    handler.postMessage(json);
    return true;
  }
  return false;
}

/** Builds a searchContact message; both the contact and the request id are required. */
export function searchContactMessage(input: { contactToSearch?: string | null; requestId?: string | null }): BridgeMessage {
  const contactToSearch = input.contactToSearch?.trim();
  const requestId = input.requestId?.trim();
  if (!contactToSearch) throw new BridgeError('searchContact needs contactToSearch');
  if (!requestId) throw new BridgeError('searchContact needs requestId');
  return { type: 'searchContact', contactToSearch, requestId };
}

/** Builds an openUrl message; only http(s), mailto and tel URLs; the native browser by default. */
export function openUrlMessage(input: { urlToOpen?: string | null; openInNativeBrowser?: boolean }): BridgeMessage {
  const urlToOpen = input.urlToOpen?.trim();
  if (!urlToOpen) throw new BridgeError('openUrl needs urlToOpen');
  let protocol: string;
  try {
    protocol = new URL(urlToOpen).protocol;
  } catch {
    throw new BridgeError('openUrl needs an absolute URL');
  }
  if (!['http:', 'https:', 'mailto:', 'tel:'].includes(protocol)) throw new BridgeError(`openUrl refuses ${protocol} URLs`);
  return { type: 'openUrl', urlToOpen, openInNativeBrowser: input.openInNativeBrowser ?? true };
}

export function createBridge(win: BridgeWindow | undefined) {
  return {
    available: () => hasNativeBridge(win),
    searchContact(contactToSearch: string, requestId: string): boolean {
      return postToNative(win, searchContactMessage({ contactToSearch, requestId }));
    },
    /** In the wrapper: hands the URL to the native side; in a browser: opens a new tab. */
    openUrl(urlToOpen: string, openInNativeBrowser = true): boolean {
      const message = openUrlMessage({ urlToOpen, openInNativeBrowser });
      if (postToNative(win, message)) return true;
      win?.open?.(message.type === 'openUrl' ? message.urlToOpen : urlToOpen, '_blank', 'noopener,noreferrer');
      return false;
    },
    /**
     * Asks the phone's contacts and waits for the answer carrying the same requestId. Resolves null
     * outside the app or when the native side does not answer within `timeoutMs`.
     */
    searchContacts(contactToSearch: string, timeoutMs = 10_000, requestId = newRequestId()): Promise<ContactSearchResult | null> {
      const message = searchContactMessage({ contactToSearch, requestId });
      if (!hasNativeBridge(win) || !win?.addEventListener) return Promise.resolve(null);
      return new Promise((resolve) => {
        const listener = (e: { data: unknown }) => {
          const result = parseContactSearchResult(e.data, requestId);
          if (!result) return;
          done(result);
        };
        const timer = setTimeout(() => done(null), timeoutMs);
        const done = (r: ContactSearchResult | null) => {
          clearTimeout(timer);
          win.removeEventListener?.('message', listener);
          resolve(r);
        };
        win.addEventListener!('message', listener);
        postToNative(win, message);
      });
    },
    /** Tells the wrapper the user signed out so it drops its own session too. */
    logout(): boolean {
      return postToNative(win, { type: 'logout' });
    },
  };
}

export type Bridge = ReturnType<typeof createBridge>;

export const bridge: Bridge = createBridge(typeof window === 'undefined' ? undefined : (window as unknown as BridgeWindow));
