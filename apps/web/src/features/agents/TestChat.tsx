import { Bot, CheckCircle2, Send, User, Wrench, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { FunctionCall } from '@switchboard/core/contracts/agents';
import { ApiError } from '../../api/mutation.ts';
import { Button, cn, Input } from '../../ui/index.ts';
import { useRunPrompt } from './api.ts';

interface Turn {
  role: 'user' | 'assistant';
  content: string;
  functionCalls?: FunctionCall[];
  error?: boolean;
}

/** A chat with the agent's staging copy (runPrompt), showing each function call it makes. */
export function TestChat({ target, agentId, className }: { target: number | null; agentId: number; className?: string }) {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [text, setText] = useState('');
  const run = useRunPrompt(target);
  const list = useRef<HTMLDivElement>(null);
  // Keep the newest message in view by scrolling the chat itself, never the page or the dialog around it.
  useEffect(() => {
    const el = list.current;
    if (el && turns.length) el.scrollTop = el.scrollHeight;
  }, [turns, run.isPending]);

  const send = async () => {
    const promptText = text.trim();
    if (!promptText || run.isPending) return;
    const history = turns.filter((t) => !t.error).map((t) => ({ role: t.role, content: t.content }));
    setTurns((t) => [...t, { role: 'user', content: promptText }]);
    setText('');
    try {
      const r = await run.mutateAsync({ promptText, history, targetAgent: agentId });
      setTurns((t) => [...t, { role: 'assistant', content: r.response, functionCalls: r.functionCalls }]);
    } catch (e) {
      setTurns((t) => [...t, { role: 'assistant', content: e instanceof ApiError ? e.message : 'The agent did not answer.', error: true }]);
    }
  };

  return (
    <div className={cn('flex min-h-80 flex-col rounded-xl border border-slate-200 bg-slate-50', className)} data-testid="test-chat">
      <div className="flex items-center justify-between border-b border-slate-200 px-3 py-2">
        <p className="text-sm font-semibold text-slate-800">Test your agent</p>
        {turns.length > 0 && (
          <Button size="2xs" variant="ghost" onClick={() => setTurns([])}>
            Clear
          </Button>
        )}
      </div>
      <div ref={list} className="min-h-0 flex-1 space-y-3 overflow-y-auto p-3" aria-live="polite">
        {turns.length === 0 && (
          <p className="py-8 text-center text-sm text-slate-500">Say hello, ask a question, or ask it to book an appointment.</p>
        )}
        {turns.map((t, i) => (
          <div key={i} className={cn('flex gap-2', t.role === 'user' && 'flex-row-reverse')}>
            <span
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full',
                t.role === 'user' ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200',
              )}
              aria-hidden
            >
              {t.role === 'user' ? <User className="size-4" /> : <Bot className="size-4" />}
            </span>
            <div className={cn('max-w-[85%] space-y-2')}>
              {t.functionCalls?.map((c, j) => (
                <div
                  key={j}
                  data-testid="function-call"
                  className={cn(
                    'rounded-lg border px-2.5 py-1.5 text-xs',
                    c.ok ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-red-200 bg-red-50 text-red-900',
                  )}
                >
                  <p className="flex items-center gap-1.5 font-medium">
                    <Wrench className="size-3.5" aria-hidden />
                    <code>{c.name}</code>
                    {c.ok ? (
                      <CheckCircle2 className="size-3.5" aria-label="succeeded" />
                    ) : (
                      <XCircle className="size-3.5" aria-label="failed" />
                    )}
                  </p>
                  {Object.keys(c.arguments).length > 0 && (
                    <p className="mt-0.5 font-mono break-all text-[11px] opacity-80">
                      {Object.entries(c.arguments)
                        .map(([k, v]) => `${k}: ${String(v)}`)
                        .join(' · ')}
                    </p>
                  )}
                </div>
              ))}
              <p
                className={cn(
                  'rounded-2xl px-3 py-2 text-sm whitespace-pre-wrap',
                  t.role === 'user'
                    ? 'bg-brand-600 text-white'
                    : t.error
                      ? 'bg-red-50 text-red-800'
                      : 'bg-white text-slate-800 ring-1 ring-slate-200',
                )}
              >
                {t.content}
              </p>
            </div>
          </div>
        ))}
        {run.isPending && <p className="text-xs text-slate-500">The agent is answering…</p>}
      </div>
      <form
        className="flex gap-2 border-t border-slate-200 p-2"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <Input aria-label="Message to the agent" placeholder="Type a message…" value={text} onChange={(e) => setText(e.target.value)} />
        <Button type="submit" aria-label="Send" disabled={!text.trim() || run.isPending}>
          <Send className="size-4" aria-hidden />
        </Button>
      </form>
    </div>
  );
}
