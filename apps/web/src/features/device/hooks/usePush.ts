import { useCallback, useEffect, useState } from 'react';
import { SERVICE_WORKER_URL, useSavePushSubscription } from '../api.ts';
import { deviceId } from '../deviceId.ts';

export type PushSupport = 'supported' | 'unsupported' | 'denied';

/** Whether this browser offers Web Push (a service worker, PushManager and notifications). */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** A Web Push failure in words. */
export function pushErrorText(e: unknown): string {
  const err = e as Error;
  if (err?.name === 'NotAllowedError')
    return 'Notifications are blocked for this site. Allow them in the browser’s site settings, then try again.';
  if (err?.name === 'AbortError') return 'The browser’s push service did not answer. Check the connection and try again.';
  return err?.message || 'Push could not be turned on.';
}

/**
 * Web Push on this device: `on` (this browser holds a subscription), `enable(publicKey)` asks for
 * permission, subscribes with the server's VAPID key and stores the subscription; `disable()` undoes it.
 */
export function usePush() {
  const [support, setSupport] = useState<PushSupport>(pushSupport);
  const [on, setOn] = useState<boolean | null>(null);
  const save = useSavePushSubscription();

  useEffect(() => {
    if (support === 'unsupported') return setOn(false);
    let live = true;
    navigator.serviceWorker
      .getRegistration()
      .then((reg) => reg?.pushManager.getSubscription())
      .then((sub) => live && setOn(!!sub))
      .catch(() => live && setOn(false));
    return () => {
      live = false;
    };
  }, [support]);

  const enable = useCallback(
    async (publicKey: string) => {
      await navigator.serviceWorker.register(SERVICE_WORKER_URL);
      const reg = await navigator.serviceWorker.ready;
      const permission = await Notification.requestPermission();
      setSupport(pushSupport());
      if (permission !== 'granted') throw Object.assign(new Error('Notifications are blocked'), { name: 'NotAllowedError' });
      const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
      await save.mutateAsync({ device: deviceId(), subscription: sub.toJSON() });
      setOn(true);
    },
    [save],
  );

  const disable = useCallback(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    const sub = await reg?.pushManager.getSubscription();
    await sub?.unsubscribe();
    await save.mutateAsync({ device: deviceId(), subscription: null }).catch(() => undefined);
    setOn(false);
  }, [save]);

  return { support, on, enable, disable };
}
