/**
 * A client process of `npm run bench scale`: holds many idle inbox WebSockets open, as staff with the
 * inbox open in a tab do. Driven over IPC by scripts/bench/scale.ts:
 *
 *   {open: {url, tokens, addresses, first}}  opens one socket per token (`url?token=…`), from the
 *                                             local address `addresses[(first + i) % …]`, 200 at a time,
 *                                             each counted once the server says `ready`; answers
 *                                             {opened, failed, error?}
 *   'close'                                   closes them all; answers {closed}
 *
 * Its file limit is raised by the parent (it needs one descriptor per socket). Once ready a socket only
 * answers the server's pings (ws does that by itself) and drops what it receives.
 */
import WebSocket from 'ws';

interface Open {
  url: string;
  tokens: string[];
  /** Local addresses to connect from (127.0.1.x: the server allows 100 sockets per client address). */
  addresses: string[];
  /** This process's place in the whole set, so two processes spread over the addresses alike. */
  first: number;
}

const sockets: WebSocket[] = [];
const CONCURRENCY = 200;

function openOne(url: string, localAddress: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { localAddress, perMessageDeflate: false });
    const timer = setTimeout(() => (ws.terminate(), reject(new Error('no ready within 30 s'))), 30_000);
    const onMessage = (raw: WebSocket.RawData) => {
      if (!String(raw).includes('"ready"')) return;
      clearTimeout(timer);
      ws.off('message', onMessage);
      // Idle from here: what arrives is dropped (an idle staff tab receives its organization's events).
      ws.on('message', () => undefined);
      resolve(ws);
    };
    ws.on('message', onMessage);
    // Every error is listened to (an unheard one would end this process); before ready it fails the socket.
    ws.on('error', (err) => (clearTimeout(timer), reject(err)));
    ws.once('close', (code) => (clearTimeout(timer), reject(new Error(`closed with ${code} before ready`))));
  });
}

async function open(o: Open): Promise<{ opened: number; failed: number; error?: string }> {
  let next = 0;
  let failed = 0;
  let error: string | undefined;
  const worker = async () => {
    while (next < o.tokens.length) {
      const i = next++;
      const address = o.addresses[(o.first + i) % o.addresses.length]!;
      try {
        sockets.push(await openOne(`${o.url}?token=${o.tokens[i]}`, address));
      } catch (err) {
        failed++;
        error ??= (err as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { opened: sockets.length, failed, ...(error ? { error } : {}) };
}

async function closeAll(): Promise<number> {
  const n = sockets.length;
  await Promise.all(
    sockets.splice(0).map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          ws.once('close', () => resolve());
          ws.close();
          // A close handshake the server does not finish in time is cut.
          setTimeout(() => (ws.terminate(), resolve()), 10_000).unref();
        }),
    ),
  );
  return n;
}

process.on('message', (m: { open?: Open } | 'close') => {
  if (m === 'close') void closeAll().then((closed) => process.send?.({ closed }));
  else if (m.open) void open(m.open).then((r) => process.send?.(r));
});
// The parent gone, nothing is left to hold the sockets for.
process.on('disconnect', () => process.exit(0));
