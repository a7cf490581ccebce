import { afterEach, describe, expect, it, vi } from 'vitest';
import { authorize, DigestServer, ha1, parseAuth } from './digest.ts';
import { header, parseMessage, parseUri, responseTo, serialize, type SipRequest } from './message.ts';
import { buildSdp, parseSdp } from './sdp.ts';
import { retransmit } from './transactions.ts';

/** The SIP stack's pieces without a network: parsing, digest, SDP, and the RFC 3261 retransmission timers (fake clock). */
const INVITE = [
  'INVITE sip:+14155550100@10.0.0.1:5060 SIP/2.0',
  'v: SIP/2.0/UDP 10.0.0.2:5060;branch=z9hG4bK-1, SIP/2.0/UDP 10.0.0.3;branch=z9hG4bK-0',
  'f: "Ann" <sip:+12065550123@10.0.0.2>;tag=abc',
  't: <sip:+14155550100@10.0.0.1>',
  'i: call-1@10.0.0.2',
  'CSeq: 1 INVITE',
  'Subject: a folded',
  '  header',
  'c: application/sdp',
  'l: 13',
  '',
  'v=0\r\ntrailing-bytes-beyond-length',
].join('\r\n');

describe('SIP messages', () => {
  it('parses compact and folded headers, header lists and the body by Content-Length', () => {
    const m = parseMessage(INVITE) as SipRequest;
    expect(m).toMatchObject({ kind: 'request', method: 'INVITE', uri: 'sip:+14155550100@10.0.0.1:5060', body: 'v=0\r\ntrailing' });
    expect(m.headers.get('via')).toHaveLength(2);
    expect(header(m, 'subject')).toBe('a folded header');
    expect(header(m, 'call-id')).toBe('call-1@10.0.0.2');
    expect(parseUri(m.uri)).toMatchObject({ user: '+14155550100', host: '10.0.0.1', port: 5060 });
    const res = responseTo(m, 200, 'OK', 'xyz');
    const text = serialize(res);
    expect(text).toMatch(/^SIP\/2\.0 200 OK\r\n/);
    expect(text).toContain('To: <sip:+14155550100@10.0.0.1>;tag=xyz');
    expect(text).toContain('Call-ID: call-1@10.0.0.2');
    expect(text.match(/^Via: /gm)).toHaveLength(2);
    expect(text.endsWith('Content-Length: 0\r\n\r\n')).toBe(true);
  });

  it('refuses requests missing mandatory headers or with a bad start line', () => {
    expect(() => parseMessage('INVITE sip:a@b SIP/2.0\r\nVia: x\r\n\r\n')).toThrow(/missing/);
    expect(() => parseMessage('HELLO\r\n\r\n')).toThrow(/start line/);
  });
});

describe('digest', () => {
  it('a client answer to our challenge verifies with the stored HA1 only; a wrong password or method does not', () => {
    const server = new DigestServer('switchboard');
    const challenge = server.challenge();
    const good = parseAuth(authorize(challenge, { username: 'pbx', password: 'pw-123456' }, 'REGISTER', 'sip:10.0.0.1'));
    expect(server.verify(good, 'REGISTER', ha1('pbx', 'switchboard', 'pw-123456'))).toBe(true);
    expect(server.verify(good, 'INVITE', ha1('pbx', 'switchboard', 'pw-123456'))).toBe(false);
    const bad = parseAuth(authorize(challenge, { username: 'pbx', password: 'nope' }, 'REGISTER', 'sip:10.0.0.1'));
    expect(server.verify(bad, 'REGISTER', ha1('pbx', 'switchboard', 'pw-123456'))).toBe(false);
    // A nonce from another server (or forged) is refused.
    const foreign = parseAuth(
      authorize(new DigestServer('switchboard').challenge(), { username: 'pbx', password: 'pw-123456' }, 'REGISTER', 'sip:10.0.0.1'),
    );
    expect(server.verify(foreign, 'REGISTER', ha1('pbx', 'switchboard', 'pw-123456'))).toBe(false);
  });
});

describe('SDP', () => {
  it('keeps the offered G.711 codecs in order and telephone-event; our answer names the chosen one', () => {
    const offer = parseSdp('v=0\r\nc=IN IP4 10.0.0.2\r\nm=audio 4000 RTP/AVP 18 8 0 101\r\na=rtpmap:101 telephone-event/8000\r\n');
    expect(offer).toEqual({
      address: '10.0.0.2',
      port: 4000,
      codecs: [
        { pt: 8, name: 'PCMA' },
        { pt: 0, name: 'PCMU' },
      ],
      dtmfPt: 101,
    });
    const answer = buildSdp({ address: '10.0.0.1', port: 10002, sessionId: '1', codec: offer!.codecs[0], dtmfPt: 101 });
    expect(answer).toContain('m=audio 10002 RTP/AVP 8 101');
    expect(answer).toContain('a=rtpmap:8 PCMA/8000');
    expect(parseSdp('v=0\r\n')).toBeNull();
  });
});

describe('retransmission timers (RFC 3261 §17, fake clock)', () => {
  afterEach(() => vi.useRealTimers());

  it('over UDP: resends at T1, 2·T1, 4·T1 … capped at T2, and gives up at 64·T1', () => {
    vi.useFakeTimers();
    const sent: number[] = [];
    let expired = -1;
    const start = Date.now();
    retransmit(
      { transport: 'udp', address: '10.0.0.2', port: 5060 },
      { t1: 500, t2: 4000 },
      () => sent.push(Date.now() - start),
      () => (expired = Date.now() - start),
    );
    vi.advanceTimersByTime(32_000);
    expect(sent.slice(0, 6)).toEqual([500, 1500, 3500, 7500, 11_500, 15_500]);
    expect(expired).toBe(32_000);
  });

  it('over TCP nothing is resent; stopping ends both timers', () => {
    vi.useFakeTimers();
    const sent: number[] = [];
    let expired = false;
    retransmit(
      { transport: 'tcp', address: '10.0.0.2', port: 5060 },
      { t1: 500, t2: 4000 },
      () => sent.push(1),
      () => (expired = true),
    );
    vi.advanceTimersByTime(40_000);
    expect(sent).toEqual([]);
    expect(expired).toBe(true);
    const stop = retransmit(
      { transport: 'udp', address: '10.0.0.2', port: 5060 },
      { t1: 500, t2: 4000 },
      () => sent.push(1),
      () => (expired = false),
    );
    vi.advanceTimersByTime(600);
    stop();
    vi.advanceTimersByTime(40_000);
    expect(sent).toEqual([1]);
    expect(expired).toBe(true);
  });
});
