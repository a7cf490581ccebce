import WebSocket from 'ws';

export interface Client {
  ws: WebSocket;
  events: { id: number; type: string; payload: any }[];
  /** Resolves when an event matching `pred` has arrived (or already had). */
  until(
    pred: (e: { id: number; type: string; payload: any }) => boolean,
    what: string,
  ): Promise<{ id: number; type: string; payload: any }>;
  close(): Promise<void>;
}

/** A WebSocket client that records events and resolves once it is subscribed ('ready'). */
export function connect(url: string, options?: WebSocket.ClientOptions): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, options);
    const events: Client['events'] = [];
    const waiters: { pred: (e: Client['events'][number]) => boolean; done: (e: Client['events'][number]) => void }[] = [];
    const client: Client = {
      ws,
      events,
      until(pred, what) {
        const found = events.find(pred);
        if (found) return Promise.resolve(found);
        return new Promise((res, rej) => {
          const timer = setTimeout(() => rej(new Error(`timed out waiting for ${what}; got ${events.map((e) => e.type).join(',')}`)), 5000);
          waiters.push({ pred, done: (e) => (clearTimeout(timer), res(e)) });
        });
      },
      close: () =>
        new Promise((res) => {
          if (ws.readyState === WebSocket.CLOSED) return res();
          ws.once('close', () => res());
          ws.close();
        }),
    };
    ws.on('message', (raw) => {
      const e = JSON.parse(raw.toString());
      if (e.type === 'ready') return resolve(client);
      if (e.id == null) return;
      events.push(e);
      for (const w of [...waiters]) {
        if (w.pred(e)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.done(e);
        }
      }
    });
    ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.on('error', reject);
  });
}
