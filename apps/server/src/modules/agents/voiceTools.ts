/** The functions every live call has beside the agent's apps, and the call's controls they drive. */
import type { LlmTool, LlmToolCall } from '../../platform/providers/llm/index.ts';

/** What a live call lets the agent do; each answers the model (a failure with a reason it can say). */
export interface VoiceControl {
  transfer(a: { destination: string | null; warm: boolean; brief: string | null }): Promise<Record<string, unknown>>;
  end(reason: string | null): Promise<Record<string, unknown>>;
  sendDtmf(digits: string): Promise<Record<string, unknown>>;
}

/** The functions every voice call has beside the agent's apps. */
export const VOICE_TOOLS: LlmTool[] = [
  {
    name: 'transfer_call',
    description: 'Transfer the caller to a person (cold: connect them; warm: brief the person first)',
    parameters: {
      type: 'object',
      properties: {
        destination: { type: 'string', description: 'The phone number to transfer to' },
        mode: { type: 'string', enum: ['cold', 'warm'], description: 'warm: the person hears the brief before the caller joins' },
        brief: { type: 'string', description: 'For a warm transfer: a short note for the person about the caller' },
      },
      required: ['destination'],
    },
    keywords: ['transfer', 'real person', 'speak to someone', 'talk to someone', 'representative', 'operator'],
  },
  {
    name: 'end_call',
    description: 'Hang up once the conversation is over (say goodbye first)',
    parameters: { type: 'object', properties: { reason: { type: 'string', description: 'Why the call ends' } } },
    keywords: ['goodbye', 'hang up', 'end the call', "that's all"],
  },
  {
    name: 'send_dtmf',
    description: 'Press keys on the phone keypad (to navigate a phone menu)',
    parameters: {
      type: 'object',
      properties: { digits: { type: 'string', description: 'Keys to press: 0-9, * and #' } },
      required: ['digits'],
    },
    keywords: ['press', 'keypad', 'extension'],
  },
];

export const strArg = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** Whether the model called one of the call's own functions (the agent has no app function of that name). */
export const isVoiceTool = (name: string, appFunctions: ReadonlyMap<string, unknown>) =>
  VOICE_TOOLS.some((t) => t.name === name) && !appFunctions.has(name);

/** Carries out a voice function on the live call; its answer to the model. */
export function callVoiceTool(voice: VoiceControl, call: LlmToolCall): Promise<Record<string, unknown>> {
  const a = call.arguments;
  return call.name === 'end_call'
    ? voice.end(strArg(a.reason))
    : call.name === 'send_dtmf'
      ? voice.sendDtmf(String(a.digits ?? ''))
      : voice.transfer({ destination: strArg(a.destination), warm: a.mode === 'warm', brief: strArg(a.brief) });
}
