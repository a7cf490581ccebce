import { authorize } from './digest.ts';
import { CSEQ, header, param, randomToken, request, uriOf, type SipResponse } from './message.ts';
import { buildSdp } from './sdp.ts';
import type { Peer } from './transport.ts';
import { ALLOW, type Dialog, type SipEndpoint } from './endpoint.ts';

export interface UacInvite {
  to: string;
  from: string;
  gateway: Peer;
  credentials?: { username: string; password: string } | null;
}

/**
 * A client INVITE transaction offering `rtpPort`, with one digest retry (401/407) and the ACK of its
 * final answer: a non-2xx in its transaction (same branch, §17.1.1.3), a 2xx as a new request of the dialog.
 */
export function clientInvite(ep: SipEndpoint, o: UacInvite, rtpPort: number, done: (res: SipResponse, leg: Dialog | null) => void): void {
  const { publicAddress } = ep.settings;
  const sipCallId = `${randomToken(12)}@${publicAddress}`;
  const localTag = randomToken();
  const target = `sip:${o.to}@${o.gateway.address}:${o.gateway.port}`;
  const leg: Dialog = {
    sipCallId,
    callId: '',
    peer: o.gateway,
    localTag,
    remoteTag: '',
    local: `<sip:${o.from}@${publicAddress}>;tag=${localTag}`,
    remote: `<${target}>`,
    remoteTarget: target,
    localSeq: 0,
    rtp: null,
    pipe: null,
    ok: null,
    stopOk: null,
    ended: false,
  };
  const sdp = buildSdp({ address: publicAddress, port: rtpPort, sessionId: randomToken(4) });
  let authTried = false;
  const send = (auth?: Record<string, string>) => {
    const req = ep.inDialog(leg, 'INVITE', { 'content-type': 'application/sdp', allow: ALLOW, ...auth }, sdp);
    ep.txns.request(req, o.gateway, (res) => {
      if (res.status < 200) return done(res, null);
      const seq = CSEQ(req).seq;
      if (res.status >= 300) {
        const ack = request('ACK', req.uri, {
          via: header(req, 'via')!,
          'max-forwards': '70',
          from: leg.local,
          to: header(res, 'to') ?? leg.remote,
          'call-id': sipCallId,
          cseq: `${seq} ACK`,
        });
        ep.transport.send(ack, o.gateway);
        const challenge = header(res, 'www-authenticate') ?? header(res, 'proxy-authenticate');
        if ((res.status === 401 || res.status === 407) && challenge && o.credentials && !authTried) {
          authTried = true;
          const name = res.status === 401 ? 'authorization' : 'proxy-authorization';
          return send({ [name]: authorize(challenge, o.credentials, 'INVITE', target) });
        }
        return done(res, null);
      }
      leg.remoteTag = param(header(res, 'to'), 'tag') ?? '';
      leg.remote = header(res, 'to') ?? leg.remote;
      leg.remoteTarget = uriOf(header(res, 'contact')) || target;
      ep.dialogs.set(sipCallId, leg);
      ep.sendAck(leg, seq);
      done(res, leg);
    });
  };
  send();
}
