import type { CallLiveEvent, LiveCall } from '@switchboard/core/contracts/calls';
import type { Logger } from 'pino';
import type { Database } from '../../../db.ts';
import type { CallRelay } from '../../../platform/realtime/relay.ts';
import type { Write } from '../../../platform/unitOfWork.ts';
import type { CallRow } from '../repository.ts';
import { Recorder } from '../media/recorder.ts';
import type { CallSession } from '../media/session.ts';
import { holdCall, type RemoteControl, type RemoteViewer } from './remote.ts';

/** A viewer of a live call (the listen-in WebSocket): receives both sides' audio, turns and the end. */
export interface Viewer {
  send(text: string): void;
  close(): void;
}

/** What the media transport gives the live registry for one connected call. */
export interface Transport {
  /** Ends the media stream. */
  hangUp(): void;
  /** Sends one 20 ms μ-law frame to the caller (a staff member who took over, or a bridged person). */
  speak(frame: Buffer): void;
  /** The carrier's id of the call (Twilio's CallSid), for transfers through the carrier's API. */
  carrierSid: string | null;
}

/** One connected call in this process. */
export interface LiveEntry {
  row: CallRow;
  session: CallSession;
  transport: Transport;
  recorder: Recorder;
  viewers: Set<Viewer>;
  /** Viewers on other processes (remote.ts), by their id: while there are any, the viewers' messages also go to the relay. */
  remote: Map<string, RemoteViewer>;
  /** The viewer (local or remote) whose microphone talks to the caller after taking over. */
  speaker: Viewer | null;
  /** A person bridged in by a transfer: the caller's audio goes to them. */
  bridge: ((frame: Buffer) => void) | null;
  kicked: boolean;
  transfer: { to: string; status: string } | null;
}

/** The hub's scope of a call's events: its organization's inbox (and agent, when it is one agent's). */
export const eventScope = (r: CallRow) => ({
  accountId: r.account_id,
  agentId: r.agent_id === r.account_id ? null : r.agent_id,
  contactAccountId: null,
});

export function liveCallOf(
  e: Pick<LiveEntry, 'row' | 'kicked' | 'transfer'>,
  status: CallRow['status'],
  endReason: string | null = null,
): LiveCall {
  return {
    id: e.row.id,
    direction: e.row.direction,
    from: e.row.from_number,
    to: e.row.to_number,
    status,
    kicked: e.kicked,
    roomId: e.row.room_id ?? null,
    endReason,
    transfer: e.transfer,
  };
}

/**
 * The calls connected to this process: their sessions, recorders and viewers. Transcript turns and
 * status changes go to staff through the realtime hub (`call.transcript`, `call.updated`, stored in the
 * event log like the inbox's events, so the hub's tree scoping applies); audio goes to the viewers of
 * this process's listen-in sockets, and through the call relay to viewers on other processes while
 * there are any (remote.ts), never through the log.
 */
export function createLiveCalls(write: Write<Database>, relay: CallRelay, log: Logger) {
  const live = new Map<string, LiveEntry>();
  const holders = new Map<LiveEntry, { hold: ReturnType<typeof holdCall>; detach: Promise<() => void> }>();

  const watched = (e: LiveEntry) => e.viewers.size > 0 || (e.remote.size > 0 && holders.get(e)?.hold.watched() === true);
  const broadcast = (e: LiveEntry, msg: object) => {
    const text = JSON.stringify(msg);
    for (const v of e.viewers) v.send(text);
    if (e.remote.size && holders.get(e)?.hold.watched()) relay.publish(e.row.id, 'out', text);
  };

  return {
    get: (callId: string) => live.get(callId),

    /** The ids of the calls this process holds. */
    ids: () => [...live.keys()],

    /** A connected call; `control` carries out the take-overs and hang-ups other processes ask for. */
    add(row: CallRow, session: CallSession, transport: Transport, control: RemoteControl): LiveEntry {
      const entry: LiveEntry = {
        row,
        session,
        transport,
        recorder: new Recorder(Number(row.answered_at ?? Date.now())),
        viewers: new Set(),
        remote: new Map(),
        speaker: null,
        bridge: null,
        kicked: false,
        transfer: null,
      };
      live.set(row.id, entry);
      const hold = holdCall(relay, entry, control, log);
      const detach = relay.listen(row.id, 'in', hold.command).catch((err: Error) => {
        log.warn({ err, callId: row.id }, 'call relay: cannot take commands for this call');
        return () => undefined;
      });
      holders.set(entry, { hold, detach });
      return entry;
    },

    remove(callId: string): LiveEntry | undefined {
      const e = live.get(callId);
      live.delete(callId);
      if (e) {
        broadcast(e, { event: 'stop' });
        for (const v of e.viewers) v.close();
        e.viewers.clear();
        e.remote.clear();
        e.speaker = null;
        holders.get(e)?.hold.end();
        void holders.get(e)?.detach.then((stop) => stop());
        holders.delete(e);
      }
      return e;
    },

    /** A frame from the caller: recorded, heard by viewers and a bridged person. */
    callerAudio(e: LiveEntry, frame: Buffer) {
      e.recorder.caller(frame);
      e.bridge?.(frame);
      if (watched(e)) broadcast(e, { event: 'media', track: 'caller', payload: frame.toString('base64') });
    },

    /** A frame towards the caller (the agent, a staff member or a bridged person): recorded and heard by viewers. */
    agentAudio(e: LiveEntry, frame: Buffer) {
      e.recorder.agent(frame);
      if (watched(e)) broadcast(e, { event: 'media', track: 'agent', payload: frame.toString('base64') });
    },

    /** A transcript turn or notice of the session: to the viewers and the hub. */
    async sessionEvent(e: LiveEntry, ev: CallLiveEvent) {
      if (ev.event !== 'transcript') return;
      broadcast(e, ev);
      // An agent test's call is not in the event log (staff's inbox never hears of it).
      if (e.session.test) return;
      await write(async (_trx, emit) =>
        emit({ type: 'call.transcript', ...eventScope(e.row), payload: { callId: e.row.id, turn: ev.turn } }),
      );
    },

    /** Tells staff (the hub) the call's state. */
    async publish(
      e: Pick<LiveEntry, 'row' | 'kicked' | 'transfer'> & { session?: { test: boolean } },
      status: CallRow['status'],
      endReason: string | null = null,
    ) {
      if (e.session?.test) return;
      await write(async (_trx, emit) =>
        emit({ type: 'call.updated', ...eventScope(e.row), payload: { call: liveCallOf(e, status, endReason) } }),
      );
    },
  };
}

export type LiveCalls = ReturnType<typeof createLiveCalls>;
