import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import {
  EXPECTATION_KINDS,
  TEST_MAX_TURNS,
  type Expectation,
  type ExpectationKind,
  type ScenarioInput,
  type TestScenario,
} from '@switchboard/core/contracts/agentTests';
import { ApiError } from '../../../api/mutation.ts';
import { Button, Dialog, Field, FormError, Input, selectClass, Textarea } from '../../../ui/index.ts';
import { useTestActions } from '../api.ts';

const KIND_LABELS: Record<ExpectationKind, string> = {
  said: 'Says a phrase',
  notSaid: 'Never says a phrase',
  functionCalled: 'Calls a function',
  booked: 'Books an appointment',
  transferred: 'Transfers to a person',
  endedByAgent: 'Ends the conversation',
  rubric: 'Meets a rubric (graded by a model)',
};

/** An expectation as the form edits it: arguments as "name = value" lines. */
interface Row {
  kind: ExpectationKind;
  phrase: string;
  name: string;
  args: string;
  rubric: string;
}

const toRow = (e: Expectation): Row => ({
  kind: e.kind,
  phrase: 'phrase' in e ? e.phrase : '',
  name: e.kind === 'functionCalled' ? e.name : '',
  args:
    e.kind === 'functionCalled'
      ? Object.entries(e.arguments ?? {})
          .map(([k, v]) => `${k} = ${v}`)
          .join('\n')
      : '',
  rubric: e.kind === 'rubric' ? e.rubric : '',
});

function toExpectation(r: Row): Expectation {
  switch (r.kind) {
    case 'said':
    case 'notSaid':
      return { kind: r.kind, phrase: r.phrase };
    case 'functionCalled': {
      const args: Record<string, string> = {};
      for (const line of r.args.split('\n')) {
        const at = line.indexOf('=');
        if (at > 0) args[line.slice(0, at).trim()] = line.slice(at + 1).trim();
      }
      return { kind: 'functionCalled', name: r.name, arguments: args };
    }
    case 'rubric':
      return { kind: 'rubric', rubric: r.rubric };
    default:
      return { kind: r.kind };
  }
}

/** Writes or edits a scenario: the simulated customer, the channel and turns, and the expectations. */
export function ScenarioForm({
  target,
  scenario,
  onClose,
  onSaved,
}: {
  target: number | null;
  scenario: TestScenario | null;
  onClose: () => void;
  onSaved: () => void | Promise<void>;
}) {
  const actions = useTestActions(target);
  const ids = {
    name: useId(),
    persona: useId(),
    goal: useId(),
    opening: useId(),
    turns: useId(),
    max: useId(),
    channel: useId(),
    voiceMode: useId(),
  };
  const [name, setName] = useState(scenario?.name ?? '');
  const [persona, setPersona] = useState(scenario?.persona ?? '');
  const [goal, setGoal] = useState(scenario?.goal ?? '');
  const [opening, setOpening] = useState(scenario?.openingMessage ?? '');
  const [turns, setTurns] = useState((scenario?.turns ?? []).join('\n'));
  const [maxTurns, setMaxTurns] = useState(String(scenario?.maxTurns ?? 6));
  const [channel, setChannel] = useState<'chat' | 'voice'>(scenario?.channel ?? 'chat');
  const [voiceMode, setVoiceMode] = useState<'call' | 'text'>(scenario?.voiceMode ?? 'call');
  const [rows, setRows] = useState<Row[]>((scenario?.expectations ?? [{ kind: 'said', phrase: '' }]).map(toRow));
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const fieldError = (f: string) => (error?.field === f || error?.field?.startsWith(`${f}.`) ? error.message : null);

  const save = async () => {
    setSaving(true);
    setError(null);
    const body: ScenarioInput = {
      name,
      persona,
      goal,
      openingMessage: opening,
      turns: turns
        .split('\n')
        .map((t) => t.trim())
        .filter(Boolean),
      maxTurns: Number(maxTurns),
      channel,
      voiceMode,
      expectations: rows.map(toExpectation),
    };
    try {
      if (scenario) await actions.update.mutateAsync({ id: scenario.id, body });
      else await actions.create.mutateAsync(body);
      await onSaved();
    } catch (e) {
      setError({ message: (e as Error).message, field: e instanceof ApiError ? e.field : undefined });
    } finally {
      setSaving(false);
    }
  };

  const setRow = (i: number, patch: Partial<Row>) => setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={scenario ? 'Edit scenario' : 'New scenario'}
      description="A simulated customer talks with the draft agent; the expectations decide whether it passes."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={saving} onClick={() => void save()}>
            Save scenario
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <FormError error={error && !error.field ? error.message : null} />
        <Field label="Name" id={ids.name} error={fieldError('name')}>
          {(a) => <Input {...a} value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Asks for opening hours" />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Customer persona" id={ids.persona} error={fieldError('persona')} hint="Who the customer is.">
            {(a) => <Textarea {...a} rows={2} value={persona} onChange={(e) => setPersona(e.target.value)} />}
          </Field>
          <Field label="Customer goal" id={ids.goal} error={fieldError('goal')} hint="What they want to get done.">
            {(a) => <Textarea {...a} rows={2} value={goal} onChange={(e) => setGoal(e.target.value)} />}
          </Field>
        </div>
        <Field label="Opening message" id={ids.opening} error={fieldError('openingMessage')}>
          {(a) => <Input {...a} value={opening} onChange={(e) => setOpening(e.target.value)} placeholder="What the customer says first" />}
        </Field>
        <Field
          label="Further messages"
          id={ids.turns}
          error={fieldError('turns')}
          hint="One per line, sent in order. Without a language model these are the whole conversation."
        >
          {(a) => <Textarea {...a} rows={3} value={turns} onChange={(e) => setTurns(e.target.value)} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Channel" id={ids.channel}>
            {(a) => (
              <select {...a} className={selectClass} value={channel} onChange={(e) => setChannel(e.target.value as 'chat' | 'voice')}>
                <option value="chat">Chat</option>
                <option value="voice">Phone call</option>
              </select>
            )}
          </Field>
          {channel === 'voice' && (
            <Field
              label="Voice"
              id={ids.voiceMode}
              hint="Spoken: the customer's lines are spoken and the agent's speech is transcribed, as on a real call."
            >
              {(a) => (
                <select {...a} className={selectClass} value={voiceMode} onChange={(e) => setVoiceMode(e.target.value as 'call' | 'text')}>
                  <option value="call">Spoken (speech engines)</option>
                  <option value="text">Text only</option>
                </select>
              )}
            </Field>
          )}
          <Field label="Most customer messages" id={ids.max} error={fieldError('maxTurns')}>
            {(a) => (
              <Input {...a} type="number" min={1} max={TEST_MAX_TURNS} value={maxTurns} onChange={(e) => setMaxTurns(e.target.value)} />
            )}
          </Field>
        </div>

        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-800">Expectations</legend>
          {fieldError('expectations') && <FormError error={fieldError('expectations')} />}
          {rows.map((r, i) => (
            <div key={i} className="space-y-2 rounded-lg border border-slate-200 p-3" data-testid="expectation-row">
              <div className="flex gap-2">
                <select
                  aria-label={`Kind of expectation ${i + 1}`}
                  className={selectClass}
                  value={r.kind}
                  onChange={(e) => setRow(i, { kind: e.target.value as ExpectationKind })}
                >
                  {EXPECTATION_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {KIND_LABELS[k]}
                    </option>
                  ))}
                </select>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove expectation ${i + 1}`}
                  onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </div>
              {(r.kind === 'said' || r.kind === 'notSaid') && (
                <Input
                  aria-label={`Phrase of expectation ${i + 1}`}
                  placeholder="A phrase"
                  value={r.phrase}
                  onChange={(e) => setRow(i, { phrase: e.target.value })}
                />
              )}
              {r.kind === 'functionCalled' && (
                <>
                  <Input
                    aria-label={`Function of expectation ${i + 1}`}
                    placeholder="e.g. book_appointment"
                    value={r.name}
                    onChange={(e) => setRow(i, { name: e.target.value })}
                  />
                  <Textarea
                    aria-label={`Arguments of expectation ${i + 1}`}
                    rows={2}
                    placeholder="Argument checks, one per line: time = friday"
                    value={r.args}
                    onChange={(e) => setRow(i, { args: e.target.value })}
                  />
                </>
              )}
              {r.kind === 'rubric' && (
                <Textarea
                  aria-label={`Rubric of expectation ${i + 1}`}
                  rows={2}
                  placeholder="e.g. The agent is polite and confirms the time"
                  value={r.rubric}
                  onChange={(e) => setRow(i, { rubric: e.target.value })}
                />
              )}
            </div>
          ))}
          <Button size="xs" variant="secondary" onClick={() => setRows((all) => [...all, toRow({ kind: 'said', phrase: '' })])}>
            <Plus className="size-3.5" aria-hidden /> Add expectation
          </Button>
        </fieldset>
      </form>
    </Dialog>
  );
}
