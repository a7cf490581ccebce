import { encodeMulaw, frames } from '../../../platform/audio/index.ts';
import { normalizePhone } from '../../../platform/http/phone.ts';
import type { CarrierProvider } from '../../../platform/providers/carrier/index.ts';
import type { TtsProvider } from '../../../platform/providers/tts/index.ts';
import type { VoiceControl } from '../../agents/index.ts';
import { dtmfTones, sendPaced } from '../media/dtmf.ts';
import type { LiveCalls, LiveEntry } from '../live/live.ts';

export interface TransferDeps {
  carrier: CarrierProvider;
  live: LiveCalls;
  tts: () => TtsProvider | null;
  /** Ends the call (the agent's end_call). */
  end: (callId: string, reason: string) => Promise<void>;
}

/**
 * A live call's controls for the agent's voice functions: `transfer_call` (cold: the caller is connected
 * to the number and the agent leaves; warm: the agent's brief is played to the person first),
 * `end_call` and `send_dtmf`. A failed transfer answers the model with a reason it can say.
 */
export function createVoiceControl(d: TransferDeps, entry: () => LiveEntry | null): VoiceControl {
  return {
    async transfer({ destination, warm, brief }) {
      const e = entry();
      if (!e) return { ok: false, reason: 'the call is no longer live', error: 'the call is no longer live' };
      const to = destination ? normalizePhone(destination) : null;
      if (!to) return { ok: false, reason: 'no phone number to transfer to is set up', error: 'no phone number to transfer to is set up' };
      if (!d.carrier.transferCall)
        return { ok: false, reason: 'this phone line cannot transfer calls', error: 'this phone line cannot transfer calls' };
      e.transfer = { to, status: 'ringing' };
      e.session.note('transfer', `${warm ? 'warm' : 'cold'} ${to}`);
      await d.live.publish(e, 'in-progress');
      const res = await d.carrier.transferCall({
        callId: e.row.id,
        carrierSid: e.transport.carrierSid,
        from: e.row.direction === 'inbound' ? e.row.to_number : e.row.from_number,
        to,
        ...(warm && brief ? { brief } : {}),
      });
      if (res.status !== 'connected') {
        e.transfer = { to, status: res.status };
        e.session.note('transfer', res.status);
        await d.live.publish(e, 'in-progress');
        return { ok: false, status: res.status, reason: res.reason, error: res.reason };
      }
      const leg = res.leg;
      if (leg && warm && brief) {
        // The person hears the agent's brief before the caller is bridged in.
        const tts = d.tts();
        if (tts) for (const f of frames(await tts.synthesize(brief).catch(() => new Int16Array()))) leg.send(encodeMulaw(f));
      }
      e.transfer = { to, status: 'connected' };
      e.session.afterReply(() => {
        e.session.kick();
        e.kicked = true;
        if (leg) {
          e.bridge = (frame) => leg.send(frame);
          leg.onAudio((frame) => e.transport.speak(frame));
        }
        void d.live.publish(e, 'in-progress');
      });
      return { ok: true, status: 'connected', to, mode: warm ? 'warm' : 'cold', summary: "I'm transferring you now." };
    },

    async end(reason) {
      const e = entry();
      if (!e) return { ok: false, reason: 'the call is no longer live', error: 'the call is no longer live' };
      const id = e.row.id;
      e.session.afterReply(() => {
        e.transport.hangUp();
        void d.end(id, reason ? `ended by the agent: ${reason}` : 'ended by the agent');
      });
      return { ok: true };
    },

    async sendDtmf(digits) {
      const e = entry();
      if (!e) return { ok: false, reason: 'the call is no longer live', error: 'the call is no longer live' };
      const clean = digits.replace(/[^0-9*#A-D]/gi, '');
      if (!clean) return { ok: false, reason: 'no keys to press', error: 'no keys to press' };
      e.session.note('dtmf_out', clean);
      // Paced at real time (100 ms tone, 60 ms gap a key); the function answers once the keys were sent.
      await sendPaced(dtmfTones(clean), (f) => e.transport.speak(f));
      return { ok: true, digits: clean };
    },
  };
}
