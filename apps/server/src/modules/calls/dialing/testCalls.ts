import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { CallEngines } from '../media/engines.ts';
import type { AgentBrain } from '../media/sessionTypes.ts';
import type { CallRow } from '../repository.ts';

/** How long a test call's ticket waits for its media stream to connect. */
const TEST_TICKET_TTL_MS = 60_000;
/** The caller id of a test call (it joins no conversation, so no contact ever has it). */
export const TEST_CALLER = 'agent test';

/** What an agent test's call runs with: the agent (and its organization), the agent's brain and its speech engines. */
export interface TestCallSpec {
  orgId: number;
  agentId: number;
  brain: AgentBrain;
  engines: CallEngines;
}

/** A test call waiting for (or on) its media stream: a call row that is never stored, the brain and the engines. */
export interface TestCall {
  row: CallRow;
  brain: AgentBrain;
  engines: CallEngines;
}

/** Where an agent test places its call: the media WebSocket of this server and a one-use ticket for it. */
export interface TestCallLine {
  open(spec: TestCallSpec): { url: string; ticket: string };
}

/**
 * Agent tests' calls through the simulated carrier. A test call comes in on the media WebSocket like a
 * phone call (Twilio Media Streams), with a ticket only this process knows (random, one use, expiring):
 * the stream runs the call session every call runs, flagged as a test (SessionOptions.test), so nothing
 * of it is stored, charged, sent or put in the inbox. The URL is this server's own listening address on
 * the loopback interface (`serveAt`), so the call reaches this process, whatever the public URL is.
 */
export function createTestCalls() {
  const waiting = new Map<string, { call: TestCall; expires: number }>();
  let address: () => AddressInfo | string | null = () => null;
  return {
    /** Where this server listens (the HTTP server's address, once listening). */
    serveAt(fn: () => AddressInfo | string | null): void {
      address = fn;
    },

    open(spec: TestCallSpec): { url: string; ticket: string } {
      const url = mediaUrlAt(address());
      const now = Date.now();
      for (const [k, w] of waiting) if (w.expires < now) waiting.delete(k);
      const ticket = `test-${crypto.randomBytes(24).toString('base64url')}`;
      waiting.set(ticket, {
        call: { row: testRow(spec, now), brain: spec.brain, engines: spec.engines },
        expires: now + TEST_TICKET_TTL_MS,
      });
      return { url, ticket };
    },

    /** The test call of a ticket, once (null: not a test call's ticket, used or expired). */
    take(ticket: string): TestCall | null {
      const w = waiting.get(ticket);
      if (!w) return null;
      waiting.delete(ticket);
      return w.expires >= Date.now() ? w.call : null;
    },
  };
}

export type TestCalls = ReturnType<typeof createTestCalls>;

/** The media WebSocket at a listening address, on the loopback interface when it listens on all of them. */
export function mediaUrlAt(a: AddressInfo | string | null): string {
  if (!a || typeof a === 'string')
    throw new Error('The server is not listening on a TCP port, so the test call cannot reach its media stream.');
  const v6 = a.family === 'IPv6' || (a.family as unknown) === 6;
  const host = v6 ? `[${a.address === '::' ? '::1' : a.address}]` : a.address === '0.0.0.0' ? '127.0.0.1' : a.address;
  return `ws://${host}:${a.port}/api/v1/calls/media`;
}

/** A call row for the session and the live registry; it is never stored. */
function testRow(spec: TestCallSpec, now: number): CallRow {
  return {
    id: `CA${crypto.randomBytes(16).toString('hex')}`,
    account_id: spec.orgId,
    agent_id: spec.agentId,
    direction: 'inbound',
    from_number: TEST_CALLER,
    to_number: TEST_CALLER,
    status: 'in-progress',
    client_key: null,
    started_at: now,
    answered_at: now,
    ended_at: null,
    duration_ms: 0,
    end_reason: null,
    transcript: [],
    events: [],
    turn_timings: [],
    created_by: null,
    room_id: null,
    recording_key: null,
    recording_bytes: null,
    transfer_to: null,
    transfer_status: null,
    usage_item: null,
    alive_at: null,
    analysis: null,
  };
}
