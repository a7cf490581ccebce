/** Calls that reach us (the server side of INVITE): ringing, admission, the answer and its media, re-INVITE and CANCEL. */
import { CSEQ, header, param, parseUri, randomToken, uriOf, type SipRequest } from './message.ts';
import { buildSdp, parseSdp } from './sdp.ts';
import { retransmit } from './transactions.ts';
import type { Peer } from './transport.ts';
import { ALLOW, type Dialog, type SipEndpoint } from './endpoint.ts';

/** A new call: 100, admission by the product, 180 while it rings, then 200 with our SDP, retransmitted until its ACK. */
export async function serverInvite(ep: SipEndpoint, req: SipRequest, peer: Peer): Promise<void> {
  ep.reply(req, peer, 100);
  const offer = parseSdp(req.body);
  const codec = offer?.codecs[0];
  if (!offer || !codec) return void ep.reply(req, peer, 488, { warning: '305 switchboard "PCMU or PCMA required"' });
  const sipCallId = header(req, 'call-id')!;
  const uri = parseUri(req.uri);
  const to = uri?.user || parseUri(uriOf(header(req, 'to')))?.user || '';
  const from = parseUri(uriOf(header(req, 'from')))?.user ?? '';
  const admitted = await ep.handler.admit({ sipCallId, from, to, source: peer });
  if ('refuse' in admitted) return void ep.reply(req, peer, admitted.refuse, { warning: `399 switchboard "${admitted.reason}"` });
  const localTag = randomToken();
  const d: Dialog = {
    sipCallId,
    callId: admitted.callId,
    peer,
    localTag,
    remoteTag: param(header(req, 'from'), 'tag') ?? '',
    local: `${header(req, 'to')};tag=${localTag}`,
    remote: header(req, 'from')!,
    remoteTarget: uriOf(header(req, 'contact')) || uriOf(header(req, 'from')),
    localSeq: 1,
    rtp: null,
    pipe: null,
    ok: null,
    stopOk: null,
    ended: false,
  };
  ep.dialogs.set(sipCallId, d);
  if (ep.settings.ringMs > 0) {
    ep.reply(req, peer, 180, { contact: ep.contact(peer) }, '', localTag);
    await new Promise((r) => setTimeout(r, ep.settings.ringMs));
    if (d.ended) return;
  }
  if (!ep.txns.pendingInvite(req, peer)) return;
  await ep.openMedia(d, offer, admitted.ticket);
  const sdp = buildSdp({
    address: ep.settings.publicAddress,
    port: d.rtp!.port,
    sessionId: randomToken(4),
    codec,
    dtmfPt: offer.dtmfPt,
  });
  d.ok = ep.reply(req, peer, 200, { contact: ep.contact(peer), allow: ALLOW, 'content-type': 'application/sdp' }, sdp, localTag);
  // The 2xx is retransmitted until its ACK (§13.3.1.4); with no ACK in 64·T1 the call is hung up.
  d.stopOk = retransmit(
    peer,
    ep.txns.timers,
    () => ep.transport.send(d.ok!, peer),
    () => {
      d.stopOk = null;
      ep.endDialog(d, true);
    },
  );
  d.pipe!.start();
}

/** A re-INVITE: the call's audio goes to the new address the offer names. */
export function serverReInvite(ep: SipEndpoint, req: SipRequest, peer: Peer): void {
  const d = ep.dialogs.get(header(req, 'call-id') ?? '');
  if (!d || !d.rtp) return void ep.reply(req, peer, 481);
  const offer = parseSdp(req.body);
  if (offer) d.rtp.retarget({ address: offer.address, port: offer.port });
  const sdp = buildSdp({
    address: ep.settings.publicAddress,
    port: d.rtp.port,
    sessionId: randomToken(4),
    codec: offer?.codecs[0] ?? { pt: 0, name: 'PCMU' },
    dtmfPt: offer?.dtmfPt ?? null,
  });
  ep.reply(req, peer, 200, { contact: ep.contact(peer), 'content-type': 'application/sdp' }, sdp, d.localTag);
}

/** CANCEL of a call still ringing: 200, then 487 to the INVITE, and the product is told. */
export function serverCancel(ep: SipEndpoint, req: SipRequest, peer: Peer): void {
  const pending = ep.txns.pendingInvite(req, peer);
  ep.reply(req, peer, pending ? 200 : 481);
  if (!pending) return;
  const d = ep.dialogs.get(header(req, 'call-id') ?? '');
  // The INVITE's answer: 487, retransmitted until its ACK.
  const invite: SipRequest = { ...req, method: 'INVITE', headers: new Map(req.headers) };
  invite.headers.set('cseq', [`${CSEQ(req).seq} INVITE`]);
  ep.reply(invite, peer, 487, {}, '', d?.localTag);
  if (d) {
    d.ended = true;
    ep.dialogs.delete(d.sipCallId);
    ep.handler.cancelled(d.callId);
  }
}
