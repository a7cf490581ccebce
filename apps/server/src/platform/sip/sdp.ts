/** SDP offer/answer (RFC 3264) for one audio stream: PCMU, PCMA and telephone-event (RFC 4733). */
export type Codec = 'PCMU' | 'PCMA';

export interface SdpOffer {
  address: string;
  port: number;
  /** The codecs offered that we speak, in the offerer's order of preference. */
  codecs: { pt: number; name: Codec }[];
  /** The payload type of telephone-event/8000, when offered. */
  dtmfPt: number | null;
}

const STATIC: Record<number, Codec> = { 0: 'PCMU', 8: 'PCMA' };

export function parseSdp(body: string): SdpOffer | null {
  let address = '';
  let port = -1;
  let pts: number[] = [];
  const names = new Map<number, string>();
  for (const raw of body.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('c=')) address = line.split(/\s+/)[2] ?? address;
    else if (line.startsWith('m=audio')) {
      const parts = line.slice(2).split(/\s+/);
      port = Number(parts[1]);
      pts = parts.slice(3).map(Number);
    } else if (line.startsWith('a=rtpmap:')) {
      const m = /^a=rtpmap:(\d+)\s+([^/]+)\/(\d+)/.exec(line);
      if (m) names.set(Number(m[1]), `${m[2]!.toUpperCase()}/${m[3]}`);
    }
  }
  if (port < 0 || !address) return null;
  const codecs: SdpOffer['codecs'] = [];
  let dtmfPt: number | null = null;
  for (const pt of pts) {
    const name = names.get(pt) ?? (STATIC[pt] ? `${STATIC[pt]}/8000` : '');
    if (name === 'PCMU/8000' || name === 'PCMA/8000') codecs.push({ pt, name: name.slice(0, 4) as Codec });
    else if (name === 'TELEPHONE-EVENT/8000') dtmfPt = pt;
  }
  return { address, port, codecs, dtmfPt };
}

/** Our SDP: an offer lists PCMU, PCMA and telephone-event; an answer keeps the chosen codec (and DTMF when offered). */
export function buildSdp(o: {
  address: string;
  port: number;
  sessionId: string;
  codec?: { pt: number; name: Codec };
  dtmfPt?: number | null;
}): string {
  const codecs = o.codec
    ? [o.codec]
    : [
        { pt: 0, name: 'PCMU' as const },
        { pt: 8, name: 'PCMA' as const },
      ];
  const dtmf = o.codec ? o.dtmfPt : 101;
  const pts = [...codecs.map((c) => c.pt), ...(dtmf != null ? [dtmf] : [])];
  const lines = [
    'v=0',
    `o=switchboard ${o.sessionId} ${o.sessionId} IN IP4 ${o.address}`,
    's=switchboard',
    `c=IN IP4 ${o.address}`,
    't=0 0',
    `m=audio ${o.port} RTP/AVP ${pts.join(' ')}`,
    ...codecs.map((c) => `a=rtpmap:${c.pt} ${c.name}/8000`),
    ...(dtmf != null ? [`a=rtpmap:${dtmf} telephone-event/8000`, `a=fmtp:${dtmf} 0-16`] : []),
    'a=ptime:20',
    'a=sendrecv',
  ];
  return `${lines.join('\r\n')}\r\n`;
}
