/** REFER received (RFC 3515): the call's audio moves to a new leg towards the Refer-To target, reported in NOTIFYs. */
import { header, parseUri, REASONS, uriOf, type SipRequest } from './message.ts';
import { parseSdp } from './sdp.ts';
import type { Peer } from './transport.ts';
import { clientInvite } from './uac.ts';
import type { Dialog, SipEndpoint } from './endpoint.ts';

/** REFER (RFC 3515): we call the Refer-To target, move the call's audio to it, and report in NOTIFYs. */
export async function serverRefer(ep: SipEndpoint, req: SipRequest, peer: Peer): Promise<void> {
  const d = ep.dialogs.get(header(req, 'call-id') ?? '');
  const target = parseUri(uriOf(header(req, 'refer-to')));
  if (!d || !d.rtp) return void ep.reply(req, peer, 481);
  if (!target) return void ep.reply(req, peer, 400);
  ep.reply(req, peer, 202, {}, '', d.localTag);
  const notify = (frag: string) =>
    ep.txns.request(
      ep.inDialog(
        d,
        'NOTIFY',
        {
          event: 'refer',
          'subscription-state': frag.includes(' 1') ? 'active;expires=60' : 'terminated;reason=noresource',
          'content-type': 'message/sipfrag;version=2.0',
        },
        `SIP/2.0 ${frag}\r\n`,
      ),
      d.peer,
      () => {},
    );
  notify('100 Trying');
  const gateway: Peer = { transport: d.peer.transport, address: target.host, port: target.port ?? 5060 };
  const status = await transfer(ep, d, target.user, gateway);
  notify(status === 200 ? '200 OK' : `${status} ${REASONS[status] ?? 'Failed'}`);
}

/** The call's audio moves to a new leg towards `to` at `gateway`; the old leg is left for the referrer to end. */
function transfer(ep: SipEndpoint, d: Dialog, to: string, gateway: Peer): Promise<number> {
  return new Promise((resolve) => {
    if (!d.rtp) return resolve(481);
    clientInvite(ep, { to, from: parseUri(uriOf(d.local))?.user ?? 'switchboard', gateway, credentials: null }, d.rtp.port, (res, leg) => {
      if (res.status < 200) return;
      if (res.status >= 300 || !leg) return resolve(res.status);
      const answer = parseSdp(res.body);
      if (answer && d.rtp) d.rtp.retarget({ address: answer.address, port: answer.port });
      // The new leg owns the media from now on.
      leg.callId = d.callId;
      leg.rtp = d.rtp;
      leg.pipe = d.pipe;
      d.rtp = null;
      d.pipe = null;
      resolve(200);
    });
  });
}
