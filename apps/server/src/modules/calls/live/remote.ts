import crypto from 'node:crypto';
import type { Logger } from 'pino';
import type { CallRelay } from '../../../platform/realtime/relay.ts';
import type { LiveEntry, Viewer } from './live.ts';

/**
 * Live calls across processes, over the call relay (platform/realtime/relay.ts). The process holding a
 * call's media stream listens on the call's `in` channel; a viewer elsewhere listens on its `out` channel
 * and says `join`. While the call has such remote viewers, the holder publishes to `out` exactly the
 * texts its local viewers get (audio, transcript, `stop`); messages for one viewer (`ready`, `speaking`,
 * `pong`, a command's `done`) go as `@<id> <text>`. Viewers and staff requests send commands to `in`:
 *
 *   {type:'join'|'ping'|'leave', viewer}    a remote viewer arrives (answered `ready`), is still there
 *                                           (every PING_MS, answered `pong`), or left
 *   {type:'takeover', viewer}               the agent leaves; this viewer becomes the speaker (`speaking`)
 *   {type:'media', viewer, payload}         the speaker's 20 ms μ-law frame, to the caller
 *   {type:'hangup', viewer?, reply?}        ends the call (`done` to `reply` once stored)
 *   {type:'kick', reply}                    the REST take-over (`done` to `reply`)
 *
 * Who may do this is decided before anything reaches the relay (the listen route and the service check
 * the tree), so the holder trusts its `in` channel, as it trusts the database and the event bus.
 */
export type RelayCommand =
  | { type: 'join' | 'ping' | 'leave' | 'takeover'; viewer: string }
  | { type: 'media'; viewer: string; payload: string }
  | { type: 'hangup'; viewer?: string; reply?: string }
  | { type: 'kick'; reply?: string };

/** A viewer's heartbeat; the holder forgets a viewer silent for three of them, a viewer its holder the same. */
export const PING_MS = 10_000;
const GONE_MS = 3 * PING_MS;
/** How long a viewer waits for the holder's `ready`, and a staff request for its `done`. */
const JOIN_WAIT_MS = 1_500;
const COMMAND_WAIT_MS = 10_000;

export const STOP_TEXT = JSON.stringify({ event: 'stop' });
const targeted = (id: string, text: string) => `@${id} ${text}`;
const newId = () => crypto.randomBytes(9).toString('base64url');

/** A viewer on another process, as the holder sees it. */
export interface RemoteViewer extends Viewer {
  id: string;
  seen: number;
}

/** What the holder does for commands from other processes (the service's take-over and hang-up). */
export interface RemoteControl {
  kick(e: LiveEntry, speaker?: Viewer): Promise<void>;
  hangUp(e: LiveEntry): Promise<void>;
}

/** The holder's side: remote viewers of one call and the commands on its `in` channel. */
export function holdCall(relay: CallRelay, e: LiveEntry, control: RemoteControl, log: Logger) {
  const callId = e.row.id;
  const drop = (id: string) => {
    const v = e.remote.get(id);
    if (!v) return;
    e.remote.delete(id);
    if (e.speaker === v) e.speaker = null;
  };
  const answer = (to: string | undefined, work: Promise<void>) => {
    if (to) relay.publish(callId, 'out', targeted(to, JSON.stringify({ event: 'ack' })));
    return work.then(
      () => to && relay.publish(callId, 'out', targeted(to, JSON.stringify({ event: 'done' }))),
      (err: Error) => {
        log.warn({ err, callId }, 'call relay: a command failed');
        if (to) relay.publish(callId, 'out', targeted(to, JSON.stringify({ event: 'done', error: err.message })));
      },
    );
  };

  let ended = false;
  function command(text: string) {
    // A command that arrives after the call ended (the channel is being left) finds no call.
    if (ended) return;
    let cmd: RelayCommand;
    try {
      cmd = JSON.parse(text) as RelayCommand;
    } catch {
      return;
    }
    const viewer = 'viewer' in cmd && typeof cmd.viewer === 'string' ? cmd.viewer : null;
    switch (cmd.type) {
      case 'join':
      case 'ping': {
        if (!viewer) return;
        let v = e.remote.get(viewer);
        if (!v) {
          v = { id: viewer, seen: 0, send: (t) => relay.publish(callId, 'out', targeted(viewer, t)), close() {} };
          e.remote.set(viewer, v);
        }
        v.seen = Date.now();
        v.send(
          JSON.stringify(
            cmd.type === 'join' ? { event: 'ready', callId, kicked: e.kicked, transcript: e.session.transcript } : { event: 'pong' },
          ),
        );
        return;
      }
      case 'leave':
        if (viewer) drop(viewer);
        return;
      case 'media': {
        const v = viewer ? e.remote.get(viewer) : undefined;
        if (v && e.speaker === v && typeof cmd.payload === 'string') e.transport.speak(Buffer.from(cmd.payload, 'base64'));
        return;
      }
      case 'takeover': {
        const v = viewer ? e.remote.get(viewer) : undefined;
        if (v)
          void answer(
            undefined,
            control.kick(e, v).then(() => v.send(JSON.stringify({ event: 'speaking' }))),
          );
        return;
      }
      case 'kick':
        void answer(cmd.reply, control.kick(e));
        return;
      case 'hangup':
        void answer(cmd.reply, control.hangUp(e));
        return;
    }
  }

  return {
    command,
    /** The call ended: later commands are ignored. */
    end() {
      ended = true;
    },
    /** Before each publish: viewers silent too long are forgotten; true while someone remote still watches. */
    watched(): boolean {
      const now = Date.now();
      for (const [id, v] of e.remote) if (now - v.seen > GONE_MS) drop(id);
      return e.remote.size > 0;
    },
  };
}

/** A viewer's link to a call held by another process. */
export interface RemoteWatch {
  send(cmd: { type: 'takeover' } | { type: 'hangup' } | { type: 'media'; payload: string }): void;
  /** The viewer left (its socket closed). */
  leave(): void;
}

/**
 * The viewer's side: listens to the call's `out` channel and joins. Resolves with the link once the
 * holder answered `ready` (which the viewer receives first, then the call's audio, turns and `stop`), or
 * null when no process answered in time (the call is not connected anywhere yet, or no longer).
 */
export async function watchRemote(relay: CallRelay, callId: string, viewer: Viewer): Promise<RemoteWatch | null> {
  const id = newId();
  let joined: () => void = () => undefined;
  const ready = new Promise<boolean>((res) => {
    joined = () => res(true);
    setTimeout(() => res(false), JOIN_WAIT_MS).unref();
  });
  let isJoined = false;
  let lastHeard = Date.now();
  let timer: NodeJS.Timeout | null = null;
  let ended = false;

  const send = (cmd: object) => relay.publish(callId, 'in', JSON.stringify({ ...cmd, viewer: id }));
  const end = (leave: boolean) => {
    if (ended) return;
    ended = true;
    if (timer) clearInterval(timer);
    if (leave) send({ type: 'leave' });
    void stop.then((f) => f());
  };

  const stop = relay.listen(callId, 'out', (text) => {
    if (ended) return;
    if (text.startsWith('@')) {
      const space = text.indexOf(' ');
      if (text.slice(1, space) !== id) return;
      const body = text.slice(space + 1);
      lastHeard = Date.now();
      let msg: { event?: string };
      try {
        msg = JSON.parse(body) as typeof msg;
      } catch {
        return;
      }
      if (msg.event === 'pong' || (!isJoined && msg.event !== 'ready')) return;
      if (msg.event === 'ready') {
        if (isJoined) return;
        isJoined = true;
        joined();
      }
      viewer.send(body);
      return;
    }
    if (!isJoined) return;
    lastHeard = Date.now();
    viewer.send(text);
    if (text === STOP_TEXT) {
      end(false);
      viewer.close();
    }
  });
  await stop;
  send({ type: 'join' });
  if (!(await ready)) {
    // A `ready` on its way would make the holder count a viewer that is not there: it is told.
    end(true);
    return null;
  }
  // The heartbeat; a holder that stopped answering (its process died) ends the view like a hang-up.
  timer = setInterval(() => {
    if (Date.now() - lastHeard > GONE_MS) {
      viewer.send(STOP_TEXT);
      end(false);
      viewer.close();
      return;
    }
    send({ type: 'ping' });
  }, PING_MS);
  timer.unref();
  return {
    send: (cmd) => !ended && send(cmd),
    leave: () => end(true),
  };
}

/**
 * A staff request (take-over, hang-up) for a call held by another process: resolves true once the holder
 * did it, false when no process took it up (the call is not live anywhere). The holder acknowledges at
 * once (`ack`) and answers `done` when the work is stored.
 */
export async function commandRemote(relay: CallRelay, callId: string, type: 'kick' | 'hangup'): Promise<boolean> {
  const reply = newId();
  let acked: () => void = () => undefined;
  let done: () => void = () => undefined;
  const ack = new Promise<boolean>((res) => {
    acked = () => res(true);
    setTimeout(() => res(false), JOIN_WAIT_MS).unref();
  });
  const finished = new Promise<boolean>((res) => {
    done = () => res(true);
    setTimeout(() => res(false), COMMAND_WAIT_MS).unref();
  });
  const prefix = targeted(reply, '');
  const stop = await relay.listen(callId, 'out', (text) => {
    if (!text.startsWith(prefix)) return;
    acked();
    if (text.slice(prefix.length).startsWith('{"event":"done"')) done();
  });
  try {
    relay.publish(callId, 'in', JSON.stringify({ type, reply }));
    return (await ack) && (await finished);
  } finally {
    stop();
  }
}
