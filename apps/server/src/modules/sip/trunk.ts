import type { Deps } from '../../deps.ts';
import type { MediaConnection } from '../../platform/providers/carrier/index.ts';
import { normalizePhone } from '../../platform/http/phone.ts';
import { secretBoxFor } from '../../platform/secrets/index.ts';
import { SipEndpoint, type IncomingCall, type SipHandler } from '../../platform/sip/endpoint.ts';
import type { RegistrationState } from '../../platform/sip/registrar.ts';
import type { Peer } from '../../platform/sip/transport.ts';
import type { CallDialer, CallsService } from '../calls/index.ts';
import { accountOfNumber } from '../numbers/index.ts';
import { ipMatches } from './cidr.ts';
import { sipRepository, type RegistrationRow } from './repository.ts';

/** `host[:port]` with the transport as a peer to send to. */
export function peerOf(hostPort: string, transport: 'udp' | 'tcp'): Peer {
  const [address, port] = hostPort.split(':');
  return { transport, address: address!, port: port ? Number(port) : 5060 };
}

/** The longest prefix among `prefixes` that `number` starts with (digits only; '' matches all), or null. */
export function longestPrefix<T extends { prefix: string }>(routes: T[], number: string): T | null {
  const digits = number.replace(/\D/g, '');
  let best: T | null = null;
  for (const r of routes) if (digits.startsWith(r.prefix) && (!best || r.prefix.length > best.prefix.length)) best = r;
  return best;
}

/**
 * The product's SIP trunk: the endpoint (platform/sip) with the organization's rules. Inbound calls
 * are admitted from whitelisted addresses and registered PBXs of the organization that owns the dialled
 * number, and become inbound calls of the calls module; outbound calls take the longest matching route.
 */
export function createSipTrunk(deps: Deps, calls: CallsService) {
  const { db, config, log } = deps;
  let serveMedia: ((conn: MediaConnection) => void) | null = null;
  let endpoint: SipEndpoint | null = null;

  const handler: SipHandler = {
    async registrarUser(username) {
      const row = await sipRepository.byRegistrarUser(db, username);
      return row ? { ha1: row.secret } : null;
    },
    async bind(b) {
      const row = await sipRepository.byRegistrarUser(db, b.username);
      if (!row) return;
      await sipRepository.updateRegistration(db, row.id, {
        state: b.expiresAt ? 'registered' : 'unregistered',
        contact: b.expiresAt ? b.contact : null,
        source_ip: b.expiresAt ? b.peer.address : null,
        expires_at: b.expiresAt || null,
        error: null,
        updated_at: Date.now(),
      });
    },
    async admit(call: IncomingCall) {
      const now = Date.now();
      const whitelist = await sipRepository.allWhitelist(db);
      const known =
        whitelist.some((w) => ipMatches(call.source.address, w.ip)) ||
        !!(await sipRepository.anyLiveBindingFrom(db, call.source.address, now));
      if (!known) return { refuse: 403, reason: 'Address not on a SIP whitelist and not registered' };
      const to = normalizePhone(call.to.startsWith('+') ? call.to : `+${call.to}`) ?? normalizePhone(call.to) ?? call.to;
      const owner = await accountOfNumber(db, to);
      if (!owner) return { refuse: 404, reason: 'No agent answers that number' };
      const allowed =
        whitelist.some((w) => w.account_id === owner.accountId && ipMatches(call.source.address, w.ip)) ||
        !!(await sipRepository.liveBindingFrom(db, owner.accountId, call.source.address, now));
      if (!allowed) return { refuse: 403, reason: 'Address not allowed for that number' };
      const from = normalizePhone(call.from.startsWith('+') ? call.from : `+${call.from}`) ?? call.from;
      const placed = await calls.startInbound({ carrierSid: `SIP:${call.sipCallId}`, from: from || 'anonymous', to: owner.number });
      if (!placed) return { refuse: 404, reason: 'No agent answers that number' };
      return { callId: placed.call.id, ticket: placed.ticket };
    },
    cancelled(callId) {
      calls.carrierStatus(callId, 'canceled').catch((err) => log.error({ err, callId }, 'sip: storing a cancelled call failed'));
    },
    serve(conn) {
      if (serveMedia) serveMedia(conn);
      else conn.close();
    },
    failed(callId, status, reason) {
      log.info({ callId, reason }, 'sip: outbound call did not connect');
      calls.carrierStatus(callId, status).catch((err) => log.error({ err, callId }, 'sip: storing a failed call failed'));
    },
  };

  const dialer: CallDialer = async (call) => {
    const route = longestPrefix(await sipRepository.routes(db, call.accountId), call.to);
    if (!route) return null;
    if (!endpoint) return { status: 'failed', error: 'The SIP endpoint is off (SIP_PORT=off).' };
    const credentials =
      route.username && route.secret ? { username: route.username, password: secretBoxFor(config).open(route.secret) } : null;
    await endpoint.dial({
      callId: call.callId,
      ticket: call.ticket,
      from: call.from,
      to: call.to,
      gateway: peerOf(route.gateway, route.transport),
      credentials,
    });
    return { status: 'ringing' };
  };

  function startRegistration(row: RegistrationRow): void {
    if (!endpoint || row.kind !== 'provider' || !row.server) return;
    const onState = (s: RegistrationState) => {
      sipRepository
        .updateRegistration(db, row.id, {
          state: s.state,
          error: s.state === 'failed' ? s.error.slice(0, 300) : null,
          expires_at: s.state === 'registered' ? s.expiresAt : null,
          updated_at: Date.now(),
        })
        .catch((err) => log.error({ err }, 'sip: storing a registration state failed'));
    };
    endpoint.registrar.register(
      String(row.id),
      {
        server: peerOf(row.server, row.transport),
        domain: row.domain ?? row.server.split(':')[0]!,
        username: row.username,
        password: secretBoxFor(config).open(row.secret),
        expires: row.expires,
      },
      onState,
    );
  }

  return {
    dialer,
    get endpoint() {
      return endpoint;
    },
    /** Starts listening (SIP_PORT) and registers to the providers on file. */
    async start(serve: (conn: MediaConnection) => void): Promise<void> {
      serveMedia = serve;
      if (config.SIP_PORT == null || endpoint) return;
      const ep = new SipEndpoint(
        {
          host: config.HOST,
          port: config.SIP_PORT,
          publicAddress: config.sipPublicAddress,
          rtpMin: config.RTP_PORT_MIN,
          rtpMax: config.RTP_PORT_MAX,
          realm: config.SIP_REALM,
          ringMs: config.SIP_RING_MS,
        },
        handler,
        log,
      );
      try {
        const port = await ep.start();
        endpoint = ep;
        log.info(`SIP endpoint on ${config.HOST}:${port} (UDP and TCP), RTP ${config.RTP_PORT_MIN}-${config.RTP_PORT_MAX}`);
      } catch (err) {
        await ep.stop().catch(() => {});
        log.error({ err }, `the SIP endpoint could not listen on port ${config.SIP_PORT}; SIP is off (set SIP_PORT)`);
        return;
      }
      for (const row of await sipRepository.providerRegistrations(db)) startRegistration(row);
    },
    async stop(): Promise<void> {
      const ep = endpoint;
      endpoint = null;
      await ep?.stop();
    },
    startRegistration,
    stopRegistration(id: number, sayGoodbye: boolean) {
      endpoint?.registrar.unregister(String(id), sayGoodbye);
    },
    info() {
      return {
        enabled: endpoint != null,
        address: endpoint ? config.sipPublicAddress : null,
        port: endpoint ? endpoint.transport.port : null,
        transports: ['udp', 'tcp'] as ('udp' | 'tcp')[],
        realm: config.SIP_REALM,
        rtpPorts: `${config.RTP_PORT_MIN}-${config.RTP_PORT_MAX}`,
      };
    },
  };
}

export type SipTrunk = ReturnType<typeof createSipTrunk>;
