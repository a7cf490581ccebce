/** Carrying out the functions the model calls: the agent's apps (or a test run's stand-ins) and a live call's controls. */
import type { Deps } from '../../deps.ts';
import type { LlmToolCall } from '../../platform/providers/llm/index.ts';
import { resolveApp, runFunction, turnKey } from '../apps/index.ts';
import type { Prepared } from './turnRequest.ts';
import { callVoiceTool, isVoiceTool, strArg, type VoiceControl } from './voiceTools.ts';

export interface FunctionCallRecord {
  name: string;
  appId: string;
  arguments: Record<string, unknown>;
  result: unknown;
  ok: boolean;
}

/** One function the model called, carried out; never throws (a failure is the model's answer). */
export async function callFunction(
  deps: Deps,
  p: Prepared,
  call: LlmToolCall,
  index: number,
  voice?: VoiceControl,
): Promise<FunctionCallRecord> {
  if (voice && isVoiceTool(call.name, p.tools)) {
    const result = await callVoiceTool(voice, call);
    return { name: call.name, appId: 'voice', arguments: call.arguments, result, ok: result.ok !== false };
  }
  const rec = await callApp(deps, p, call, index);
  // On a live call, transfer_call connects the caller (the app has recorded the request and knows the number).
  if (voice && rec.name === 'transfer_call' && rec.ok) {
    const r = (rec.result ?? {}) as Record<string, unknown>;
    const a = call.arguments;
    const outcome = await voice.transfer({
      destination: strArg(r.destination),
      warm: a.mode === 'warm',
      brief: strArg(a.brief) ?? strArg(r.reason),
    });
    return {
      ...rec,
      result: {
        ...r,
        transfer: outcome,
        summary: outcome.ok ? r.summary : `The transfer did not go through: ${String(outcome.reason)}.`,
      },
      ok: outcome.ok !== false,
    };
  }
  return rec;
}

async function callApp(deps: Deps, p: Prepared, call: LlmToolCall, index: number): Promise<FunctionCallRecord> {
  const target = p.tools.get(call.name);
  if (!target)
    return { name: call.name, appId: '', arguments: call.arguments, result: { ok: false, error: `no function ${call.name}` }, ok: false };
  if (p.simulate) {
    const result = { ok: true, simulated: true, summary: `Done: ${target.fn.replace(/_/g, ' ')} (a test run: nothing was carried out).` };
    return { name: target.fn, appId: target.app.appId, arguments: call.arguments, result, ok: true };
  }
  try {
    const app = target.app.builtIn
      ? ((await resolveApp(deps.db, p.account.id, target.app.appId, target.app.appVersion)) ?? target.app)
      : target.app;
    const keyBase = turnKey(p.account.id, p.fctx.conversation?.roomId, p.turn, p.fctx.message);
    const out = await runFunction(deps, { ...p.fctx, idempotencyKey: `${keyBase}:${index}:${target.fn}` }, app, target.fn, call.arguments);
    return { name: target.fn, appId: target.app.appId, arguments: call.arguments, result: out.result, ok: out.ok };
  } catch (err) {
    deps.log.error({ err, fn: target.fn, accountId: p.account.id }, 'agent function failed');
    return {
      name: target.fn,
      appId: target.app.appId,
      arguments: call.arguments,
      result: { ok: false, error: 'the function failed' },
      ok: false,
    };
  }
}
