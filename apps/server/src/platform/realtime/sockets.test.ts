import { describe, expect, it } from 'vitest';
import { coalescedSender } from './sockets.ts';

/** A socket that records what happens to it, in order. */
function fakeSocket(readyState = 1) {
  const log: string[] = [];
  const socket = {
    readyState,
    send: (text: string) => log.push(`send ${text}`),
    _socket: { cork: () => log.push('cork'), uncork: () => log.push('uncork') },
  };
  return { socket, log };
}

describe('coalescedSender', () => {
  it('writes the frames of one tick together: corked at the first, uncorked once on the next tick', async () => {
    const { socket, log } = fakeSocket();
    const send = coalescedSender(socket);
    send('a');
    send('b');
    expect(log).toEqual(['cork', 'send a', 'send b']);
    await new Promise((resolve) => process.nextTick(resolve));
    expect(log).toEqual(['cork', 'send a', 'send b', 'uncork']);
    // A later tick corks again.
    send('c');
    await new Promise((resolve) => process.nextTick(resolve));
    expect(log.slice(4)).toEqual(['cork', 'send c', 'uncork']);
  });

  it('drops sends on a socket that is not open', async () => {
    const { socket, log } = fakeSocket(3);
    coalescedSender(socket)('a');
    await new Promise((resolve) => process.nextTick(resolve));
    expect(log).toEqual([]);
  });
});
