import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/mutation.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { Button, ErrorState, LoadingBlock, cn } from '../../../ui/index.ts';
import { useChatWith } from '../api.ts';
import { clock } from '../format.ts';

/** ?chat=<username or phone>: the conversation with one person, and a line to write to them. */
export default function ChatOverlay({ value }: OverlayProps) {
  const who = value && value !== 'true' ? value : '';
  const chat = useChatWith(who);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const q = chat.messages;
  const send = async () => {
    setError(null);
    try {
      await chat.sendTo(who, text);
      setText('');
      chat.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Unable to start conversation with this user.');
    }
  };
  return (
    <OverlayFrame
      title={who ? `Chat with ${who}` : 'Chat'}
      footer={
        q.data?.roomId ? (
          <Link className="text-sm font-medium text-brand-700 hover:underline" to={`/inbox?active=${q.data.roomId}`}>
            Open in the inbox
          </Link>
        ) : undefined
      }
    >
      {!who ? (
        <p className="text-sm text-slate-600">Name someone to chat with.</p>
      ) : q.isPending ? (
        <LoadingBlock />
      ) : q.isError ? (
        <ErrorState message={(q.error as Error).message} />
      ) : (
        <div className="space-y-3">
          <ul className="max-h-80 space-y-2 overflow-y-auto">
            {q.data.messages.length === 0 && <li className="text-sm text-slate-500">No messages yet.</li>}
            {q.data.messages.map((m) => (
              <li
                key={m.id}
                className={cn('rounded-xl px-3 py-2 text-sm', m.direction === 'outbound' ? 'ml-8 bg-brand-50' : 'mr-8 bg-slate-100')}
              >
                {m.body}
                <span className="block text-[11px] text-slate-600">{clock(m.createdAt)}</span>
              </li>
            ))}
          </ul>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <form
            className="flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (text.trim()) void send();
            }}
          >
            <label htmlFor="chat-overlay-text" className="sr-only">
              Message
            </label>
            <input
              id="chat-overlay-text"
              value={text}
              onChange={(e) => setText(e.target.value)}
              className="flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm"
              placeholder="Write a message…"
            />
            <Button type="submit" size="sm">
              Send
            </Button>
          </form>
        </div>
      )}
    </OverlayFrame>
  );
}
