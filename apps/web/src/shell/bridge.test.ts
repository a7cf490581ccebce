import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BridgeError,
  createBridge,
  hasNativeBridge,
  openUrlMessage,
  parseContactSearchResult,
  searchContactMessage,
  type BridgeWindow,
} from './bridge.ts';

function nativeWindow() {
  const posted: unknown[] = [];
  const win: BridgeWindow = { ReactNativeWebView: { postMessage: (m: string) => posted.push(JSON.parse(m)) }, open: vi.fn() };
  return { win, posted };
}

describe('native bridge messages', () => {
  it('searchContact needs contactToSearch and requestId', () => {
    expect(searchContactMessage({ contactToSearch: 'Ada', requestId: 'r1' })).toEqual({
      type: 'searchContact',
      contactToSearch: 'Ada',
      requestId: 'r1',
    });
    expect(() => searchContactMessage({ contactToSearch: '', requestId: 'r1' })).toThrow(/contactToSearch/);
    expect(() => searchContactMessage({ contactToSearch: 'Ada' })).toThrow(/requestId/);
    expect(() => searchContactMessage({ contactToSearch: '  ', requestId: '  ' })).toThrow(BridgeError);
  });

  it('openUrl needs urlToOpen and opens in the native browser by default', () => {
    expect(openUrlMessage({ urlToOpen: 'https://example.com/a' })).toEqual({
      type: 'openUrl',
      urlToOpen: 'https://example.com/a',
      openInNativeBrowser: true,
    });
    expect(openUrlMessage({ urlToOpen: 'https://example.com', openInNativeBrowser: false })).toMatchObject({ openInNativeBrowser: false });
    expect(() => openUrlMessage({})).toThrow(/urlToOpen/);
    expect(() => openUrlMessage({ urlToOpen: 'javascript:alert(1)' })).toThrow(/refuses/);
    expect(() => openUrlMessage({ urlToOpen: '/relative' })).toThrow(/absolute/);
  });
});

describe('createBridge', () => {
  it('posts JSON messages to the React Native web view', () => {
    const { win, posted } = nativeWindow();
    const bridge = createBridge(win);
    expect(bridge.available()).toBe(true);
    expect(bridge.searchContact('+14155550100', 'req-7')).toBe(true);
    expect(bridge.openUrl('https://example.com')).toBe(true);
    expect(bridge.logout()).toBe(true);
    expect(posted).toEqual([
      { type: 'searchContact', contactToSearch: '+14155550100', requestId: 'req-7' },
      { type: 'openUrl', urlToOpen: 'https://example.com', openInNativeBrowser: true },
      { type: 'logout' },
    ]);
    expect(win.open).not.toHaveBeenCalled();
  });

  it('uses the iOS webkit message handler when that is what exists', () => {
    const postMessage = vi.fn();
    const bridge = createBridge({ webkit: { messageHandlers: { native: { postMessage } } } });
    expect(hasNativeBridge({ webkit: { messageHandlers: { native: { postMessage } } } })).toBe(true);
    bridge.logout();
    expect(postMessage).toHaveBeenCalledWith(JSON.stringify({ type: 'logout' }));
  });

  it('outside the app: openUrl opens a browser tab, the others report no native side', () => {
    const open = vi.fn();
    const bridge = createBridge({ open });
    expect(bridge.available()).toBe(false);
    expect(bridge.openUrl('https://example.com/help')).toBe(false);
    expect(open).toHaveBeenCalledWith('https://example.com/help', '_blank', 'noopener,noreferrer');
    expect(bridge.logout()).toBe(false);
    expect(bridge.searchContact('Ada', 'r')).toBe(false);
    expect(createBridge(undefined).logout()).toBe(false);
  });

  it('never posts an invalid message', () => {
    const { win, posted } = nativeWindow();
    const bridge = createBridge(win);
    expect(() => bridge.searchContact('Ada', '')).toThrow(BridgeError);
    expect(() => bridge.openUrl('')).toThrow(BridgeError);
    expect(posted).toEqual([]);
  });
});

describe('contact search round trip', () => {
  afterEach(() => vi.useRealTimers());

  function appWindow() {
    const listeners = new Set<(e: { data: unknown }) => void>();
    const posted: { type: string; requestId?: string }[] = [];
    const win: BridgeWindow = {
      ReactNativeWebView: { postMessage: (m: string) => posted.push(JSON.parse(m)) },
      addEventListener: (_t, l) => listeners.add(l),
      removeEventListener: (_t, l) => listeners.delete(l),
    };
    const answer = (data: unknown) => listeners.forEach((l) => l({ data }));
    return { win, posted, answer, listeners };
  }

  it('resolves with the answer that carries the same requestId, ignoring others', async () => {
    const { win, posted, answer, listeners } = appWindow();
    const pending = createBridge(win).searchContacts('Ada', 10_000, 'r-42');
    expect(posted).toEqual([{ type: 'searchContact', contactToSearch: 'Ada', requestId: 'r-42' }]);
    answer(JSON.stringify({ type: 'searchContactResult', requestId: 'r-other', contacts: [{ name: 'Bob' }] }));
    answer('not json');
    answer(
      JSON.stringify({
        type: 'searchContactResult',
        requestId: 'r-42',
        contacts: [{ name: 'Ada Lovelace', phoneNumbers: ['+14155550100'] }],
      }),
    );
    await expect(pending).resolves.toEqual({ requestId: 'r-42', contacts: [{ name: 'Ada Lovelace', phoneNumbers: ['+14155550100'] }] });
    expect(listeners.size).toBe(0);
  });

  it('resolves null when the native side does not answer in time, or outside the app', async () => {
    vi.useFakeTimers();
    const { win, listeners } = appWindow();
    const pending = createBridge(win).searchContacts('Ada', 5000, 'r-1');
    vi.advanceTimersByTime(5000);
    await expect(pending).resolves.toBeNull();
    expect(listeners.size).toBe(0);
    await expect(createBridge({}).searchContacts('Ada')).resolves.toBeNull();
  });

  it('reads answers given as objects too', () => {
    expect(parseContactSearchResult({ requestId: 'x', contacts: [] }, 'x')).toEqual({ requestId: 'x', contacts: [] });
    expect(parseContactSearchResult({ type: 'openUrl', requestId: 'x' }, 'x')).toBeNull();
    expect(parseContactSearchResult(null, 'x')).toBeNull();
  });
});
