import { describe, expect, it, vi } from 'vitest';
import { BridgeError, createBridge, hasNativeBridge, openUrlMessage, searchContactMessage, type BridgeWindow } from './bridge.ts';

function nativeWindow() {
  const posted: unknown[] = [];
  const win: BridgeWindow = { ReactNativeWebView: { postMessage: (m: string) => posted.push(JSON.parse(m)) }, open: vi.fn() };
  return { win, posted };
}

describe('native bridge messages', () => {
  it('searchContact needs contactToSearch and requestId', () => {
    expect(searchContactMessage({ contactToSearch: 'Ada', requestId: 'r1' })).toEqual({ type: 'searchContact', contactToSearch: 'Ada', requestId: 'r1' });
    expect(() => searchContactMessage({ contactToSearch: '', requestId: 'r1' })).toThrow(/contactToSearch/);
    expect(() => searchContactMessage({ contactToSearch: 'Ada' })).toThrow(/requestId/);
    expect(() => searchContactMessage({ contactToSearch: '  ', requestId: '  ' })).toThrow(BridgeError);
  });

  it('openUrl needs urlToOpen and opens in the native browser by default', () => {
    expect(openUrlMessage({ urlToOpen: 'https://example.com/a' })).toEqual({ type: 'openUrl', urlToOpen: 'https://example.com/a', openInNativeBrowser: true });
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
