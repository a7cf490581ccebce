import { authorize, parseAuth } from './digest.ts';
import { header, param, randomToken, request, uriOf, type SipRequest, type SipResponse } from './message.ts';
import type { Peer } from './transport.ts';
import type { SipEndpoint } from './endpoint.ts';

/** Where registrar users and bindings live (the sip module's tables). */
export interface RegistrarStore {
  /** HA1 (MD5 of username:realm:password) of a registrar user; null when unknown. */
  registrarUser(username: string): Promise<{ ha1: string } | null>;
  /** A PBX's contact for `username`, valid until expiresAt (0: removed). */
  bind(b: { username: string; contact: string; peer: Peer; expiresAt: number }): Promise<void>;
}

export interface ClientRegistration {
  server: Peer;
  domain: string;
  username: string;
  password: string;
  expires: number;
}

export type RegistrationState =
  { state: 'registering' } | { state: 'registered'; expiresAt: number } | { state: 'failed'; error: string } | { state: 'unregistered' };

interface ClientEntry {
  timer: NodeJS.Timeout | null;
  callId: string;
  seq: number;
  stopped: boolean;
  bye: () => void;
}

/** After this many wrong answers from one address within the window, its REGISTERs get 403 until the window ends. */
export const MAX_FAILURES = 10;
const FAILURE_WINDOW_MS = 60_000;
const MIN_EXPIRES = 60;
const MAX_EXPIRES = 3600;
/** A failed client registration is tried again after this long. */
const RETRY_MS = 30_000;

/**
 * REGISTER both ways: as registrar (a customer PBX registers to us with digest credentials; its
 * binding is stored with its expiry) and as client (we register to a customer's SIP provider and
 * refresh before the granted expiry runs out).
 */
export class Registrar {
  private readonly clients = new Map<string, ClientEntry>();
  /** Wrong digest answers per source address (password guessing is refused for a while). */
  private readonly failures = new Map<string, { count: number; until: number }>();

  constructor(
    private readonly ep: SipEndpoint,
    private readonly store: RegistrarStore,
  ) {}

  async onRegister(req: SipRequest, peer: Peer): Promise<void> {
    const auth = parseAuth(header(req, 'authorization'));
    const strikes = this.failures.get(peer.address);
    if (auth.response && strikes && strikes.until > Date.now() && strikes.count >= MAX_FAILURES) {
      this.ep.reply(req, peer, 403, { warning: '399 switchboard "Too many failed registrations; try again later"' });
      return;
    }
    const user = auth.username ? await this.store.registrarUser(auth.username) : null;
    if (!user || !this.ep.digest.verify(auth, 'REGISTER', user.ha1)) {
      // A wrong answer (not a first, credential-less attempt) counts against the address.
      if (auth.response) this.strike(peer.address);
      this.ep.reply(req, peer, 401, { 'www-authenticate': this.ep.digest.challenge() });
      return;
    }
    this.failures.delete(peer.address);
    const contactHeader = header(req, 'contact');
    const asked = Number(param(contactHeader, 'expires') ?? header(req, 'expires') ?? MAX_EXPIRES);
    const expires =
      asked === 0 || contactHeader === '*' ? 0 : Math.min(MAX_EXPIRES, Math.max(MIN_EXPIRES, Number.isFinite(asked) ? asked : MAX_EXPIRES));
    const contact = uriOf(contactHeader);
    if (contact) await this.store.bind({ username: auth.username!, contact, peer, expiresAt: expires ? Date.now() + expires * 1000 : 0 });
    const extra: Record<string, string> = { expires: String(expires), date: new Date().toUTCString() };
    if (contact && expires) extra.contact = `<${contact}>;expires=${expires}`;
    this.ep.reply(req, peer, 200, extra);
  }

  private strike(address: string): void {
    const now = Date.now();
    const s = this.failures.get(address);
    if (!s || s.until <= now) this.failures.set(address, { count: 1, until: now + FAILURE_WINDOW_MS });
    else s.count++;
    if (this.failures.size > 10_000) for (const [k, v] of this.failures) if (v.until <= now) this.failures.delete(k);
  }

  /** Registers (and keeps registering) to a provider; `onState` hears each change. */
  register(id: string, r: ClientRegistration, onState: (s: RegistrationState) => void): void {
    this.unregister(id, false);
    const entry: ClientEntry = {
      timer: null,
      callId: `${randomToken(12)}@${this.ep.settings.publicAddress}`,
      seq: 0,
      stopped: false,
      bye: () => {},
    };
    this.clients.set(id, entry);
    const tag = randomToken();
    const uri = `sip:${r.domain}`;
    const aor = `<sip:${r.username}@${r.domain}>`;
    const later = (ms: number) => {
      if (entry.stopped) return;
      entry.timer = setTimeout(() => attempt(), ms);
      entry.timer.unref?.();
    };
    const attempt = (auth?: Record<string, string>, expires = r.expires) => {
      if (entry.stopped && expires !== 0) return;
      if (!auth && expires) onState({ state: 'registering' });
      const req = request('REGISTER', uri, {
        via: this.ep.via(r.server),
        'max-forwards': '70',
        from: `${aor};tag=${tag}`,
        to: aor,
        'call-id': entry.callId,
        cseq: `${++entry.seq} REGISTER`,
        contact: this.ep.contact(r.server),
        expires: String(expires),
        ...auth,
      });
      this.ep.txns.request(req, r.server, (res: SipResponse) => {
        if (res.status < 200) return;
        const challenge = header(res, 'www-authenticate') ?? header(res, 'proxy-authenticate');
        if ((res.status === 401 || res.status === 407) && challenge && !auth) {
          const name = res.status === 401 ? 'authorization' : 'proxy-authorization';
          return attempt({ [name]: authorize(challenge, r, 'REGISTER', uri) }, expires);
        }
        if (expires === 0) return;
        if (res.status >= 200 && res.status < 300) {
          const granted = Number(param(header(res, 'contact'), 'expires') ?? header(res, 'expires') ?? expires) || expires;
          onState({ state: 'registered', expiresAt: Date.now() + granted * 1000 });
          return later(Math.max(1, granted * 800));
        }
        onState({ state: 'failed', error: `${res.status} ${res.reason}`.trim() });
        later(RETRY_MS);
      });
    };
    entry.bye = () => attempt(undefined, 0);
    attempt();
  }

  /** Stops refreshing; with `sayGoodbye`, says goodbye to the provider (Expires: 0). */
  unregister(id: string, sayGoodbye: boolean): void {
    const entry = this.clients.get(id);
    if (!entry) return;
    entry.stopped = true;
    if (entry.timer) clearTimeout(entry.timer);
    this.clients.delete(id);
    if (sayGoodbye) entry.bye();
  }

  close(): void {
    for (const id of [...this.clients.keys()]) this.unregister(id, false);
  }
}
