import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { TIMINGS } from '@switchboard/core/constants';
import { DEFAULT_MESSAGE_FIELDS, DEFAULT_VOICE_SETTINGS, type Campaign } from '@switchboard/core/contracts/agents';
import { validateInstructions } from '@switchboard/core/rules/campaign';
import { ApiError } from '../../api/mutation.ts';
import { useAgentEditorCalls, useCampaign, useTemplate, wait, type CampaignRead } from './api.ts';

/** The editable part of an agent. */
export type Draft = Pick<
  Campaign,
  | 'agentInstructions'
  | 'actions'
  | 'apps'
  | 'enabledFunctions'
  | 'published'
  | 'confirmTransfers'
  | 'greeting'
  | 'language'
  | 'voice'
  | 'voiceSettings'
  | 'timezone'
  | 'templateFields'
  | 'analysisFields'
>;

export type SaveState = 'loading' | 'unsaved' | 'saving' | 'saved' | 'publishing' | 'published' | 'error';

/** The error texts of spec §8, each shown where it belongs. */
export const EDITOR_ERRORS = {
  templateInvalid: 'Error saving template',
  instructions: 'Error saving instructions',
  templateFailed: 'Failed to save template',
  staging: 'Failed to save staging campaign',
  publish: 'Failed to publish campaign',
  analysisFields: 'Error saving analysis fields',
} as const;

/** The server's refusal of an analysis field: where (`analysisFields.<index>.<name|type|description>`, or the list) and why. */
export interface AnalysisFieldError {
  index: number | null;
  key: 'name' | 'type' | 'description' | null;
  message: string;
}

function analysisFieldError(e: ApiError): AnalysisFieldError {
  const [, index, key] = (e.field ?? '').split('.');
  return {
    index: index != null && /^\d+$/.test(index) ? Number(index) : null,
    key: key === 'name' || key === 'type' || key === 'description' ? key : null,
    message: e.fieldMessage,
  };
}

/** An analysis field just added and not filled in yet. */
const isBlankField = (f: { name: string; description: string }) => !f.name.trim() && !f.description.trim();

const pick = (c: Campaign): Draft => ({
  agentInstructions: c.agentInstructions,
  actions: c.actions,
  apps: c.apps,
  enabledFunctions: c.enabledFunctions,
  published: c.published,
  confirmTransfers: c.confirmTransfers,
  greeting: c.greeting,
  language: c.language,
  voice: c.voice,
  voiceSettings: c.voiceSettings,
  timezone: c.timezone,
  templateFields: c.templateFields,
  analysisFields: c.analysisFields,
});

/**
 * The agent editor's state (spec §4 Campaign editing): every change marks the agent unpublished and
 * autosaves after 1500 ms; publish waits 1500 ms, validates, saves as unpublished, publishes, reloads
 * and waits 200 ms. With a target template (targetTemplateId) the template is saved as published
 * instead. Revert discards the staging changes and reloads.
 */
export function useAgentEditor(target: number | null, opts: { targetTemplateId?: string | null; forceReplaceTemplateVars?: boolean } = {}) {
  const calls = useAgentEditorCalls(target, opts.forceReplaceTemplateVars ?? false);
  const campaignQuery = useCampaign(target, 'staging', opts.forceReplaceTemplateVars ?? false, !opts.targetTemplateId);
  // With a target template, the editor works on the template's text instead of the agent's.
  const templateQuery = useTemplate(target, opts.targetTemplateId);
  const templateData = useMemo((): CampaignRead | undefined => {
    const t = templateQuery.data?.template;
    if (!t) return undefined;
    return {
      success: true,
      campaign: {
        agentInstructions: t.agentInstructions,
        greeting: t.greeting,
        apps: t.apps,
        enabledFunctions: t.enabledFunctions,
        published: t.published,
        actions: [],
        confirmTransfers: false,
        language: 'en-US',
        voice: 'alloy',
        voiceSettings: { ...DEFAULT_VOICE_SETTINGS },
        timezone: 'America/New_York',
        templateId: t.templateId,
        templateFields: {},
        mode: 'TEMPLATE',
        messageFields: [...DEFAULT_MESSAGE_FIELDS],
        analysisFields: [],
        accountId: t.ownerAccountId ?? 0,
        copy: 'staging',
        updatedAt: t.updatedAt,
      },
      replaceTemplateVars: false,
      templateReplacement: false,
      template: t,
      hasUnpublishedChanges: !t.published,
    };
  }, [templateQuery.data]);
  const query = useMemo(
    () =>
      opts.targetTemplateId
        ? ({
            ...campaignQuery,
            data: templateData,
            isError: templateQuery.isError,
            error: templateQuery.error,
            refetch: async () => {
              await templateQuery.refetch();
              return { data: templateData };
            },
          } as unknown as typeof campaignQuery)
        : campaignQuery,
    [opts.targetTemplateId, campaignQuery, templateData, templateQuery],
  );
  const [draft, setDraft] = useState<Draft | null>(null);
  const [state, setState] = useState<SaveState>('loading');
  const [errors, setErrors] = useState<string[]>([]);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [analysisError, setAnalysisError] = useState<AnalysisFieldError | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef<Draft | null>(null);
  const templateId = opts.targetTemplateId ?? null;

  // Load (and reload) the staging copy into the draft unless the user has unsaved edits.
  useEffect(() => {
    if (!query.data) return;
    if (state === 'unsaved' || state === 'saving' || state === 'publishing') return;
    const saved = pick(query.data.campaign);
    // Analysis fields added and still blank are not saved (see write): they stay on the page.
    const blank = (latest.current?.analysisFields ?? []).filter(isBlankField);
    const d = blank.length ? { ...saved, analysisFields: [...saved.analysisFields, ...blank] } : saved;
    latest.current = d;
    setDraft(d);
    setState(query.data.hasUnpublishedChanges ? 'saved' : 'published');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.data]);

  const clearTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => clearTimer, []);

  const addError = (e: string) => setErrors((list) => (list.includes(e) ? list : [...list, e]));
  const dropErrors = () => {
    setErrors([]);
    setFieldError(null);
    setAnalysisError(null);
  };

  /** Writes the draft: to the staging copy, or to the target template. */
  const write = useCallback(
    async (d: Draft, published: boolean) => {
      if (templateId) {
        try {
          await calls.saveTemplate(templateId, {
            agentInstructions: d.agentInstructions,
            greeting: d.greeting,
            apps: d.apps,
            enabledFunctions: d.enabledFunctions,
            published,
          });
        } catch (e) {
          addError(
            e instanceof ApiError && e.status >= 400 && e.status < 500 ? EDITOR_ERRORS.templateInvalid : EDITOR_ERRORS.templateFailed,
          );
          throw e;
        }
        return;
      }
      // A field just added and not yet filled in is the user's work in progress, not a field to refuse:
      // it stays in the draft and is left out of the save (the server's indexes map back through `sent`).
      const sent = d.analysisFields.flatMap((f, i) => (isBlankField(f) ? [] : [i]));
      try {
        await calls.saveStaging({ ...d, analysisFields: sent.map((i) => d.analysisFields[i]!), published: false });
      } catch (e) {
        if (e instanceof ApiError && e.field === 'prompt') {
          setFieldError(e.message);
          addError(EDITOR_ERRORS.instructions);
        } else if (e instanceof ApiError && e.status === 400 && e.field?.startsWith('analysisFields')) {
          const refusal = analysisFieldError(e);
          setAnalysisError({ ...refusal, index: refusal.index == null ? null : (sent[refusal.index] ?? refusal.index) });
          addError(EDITOR_ERRORS.analysisFields);
        } else addError(EDITOR_ERRORS.staging);
        throw e;
      }
    },
    [templateId, calls],
  );

  const save = useCallback(async () => {
    clearTimer();
    const d = latest.current;
    if (!d) return;
    setState('saving');
    try {
      await write(d, false);
      dropErrors();
      setState('saved');
    } catch {
      setState('error');
    }
  }, [write]);

  /** Every change: unpublished, autosave after 1500 ms. */
  const update = useCallback(
    (patch: Partial<Draft>) => {
      setDraft((cur) => {
        if (!cur) return cur;
        const next = { ...cur, ...patch, published: false };
        latest.current = next;
        return next;
      });
      setState('unsaved');
      clearTimer();
      timer.current = setTimeout(() => void save(), TIMINGS.campaignAutosaveMs);
    },
    [save],
  );

  const publish = useCallback(async () => {
    clearTimer();
    setState('publishing');
    await wait(TIMINGS.publishWaitBeforeMs);
    const d = latest.current;
    if (!d) return;
    const invalid = validateInstructions(d.agentInstructions);
    if (invalid) {
      setFieldError(invalid.value);
      addError(templateId ? EDITOR_ERRORS.templateInvalid : EDITOR_ERRORS.instructions);
      setState('error');
      return;
    }
    try {
      if (templateId) {
        await write(d, true);
      } else {
        await write(d, false);
        try {
          await calls.publish();
        } catch (e) {
          addError(EDITOR_ERRORS.publish);
          throw e;
        }
      }
      await calls.refreshAgents();
      await query.refetch();
      await wait(TIMINGS.publishWaitAfterMs);
      dropErrors();
      setState('published');
    } catch {
      setState('error');
    }
  }, [write, templateId, calls, query]);

  const revert = useCallback(async () => {
    clearTimer();
    try {
      await calls.revert();
      dropErrors();
      setState('loading');
      const r = await query.refetch();
      if (r.data) {
        const d = pick(r.data.campaign);
        latest.current = d;
        setDraft(d);
        setState(r.data.hasUnpublishedChanges ? 'saved' : 'published');
      }
    } catch {
      addError(EDITOR_ERRORS.staging);
      setState('error');
    }
  }, [calls, query]);

  /** Reloads from the server, dropping local edits (after a restore, detach or template change). */
  const reload = useCallback(async () => {
    clearTimer();
    setState('loading');
    const r = await query.refetch();
    if (r.data) {
      const d = pick(r.data.campaign);
      latest.current = d;
      setDraft(d);
      setState(r.data.hasUnpublishedChanges ? 'saved' : 'published');
    }
  }, [query]);

  return { query, read: query.data, draft, state, errors, fieldError, analysisError, update, save, publish, revert, reload, templateId };
}

export type AgentEditorModel = ReturnType<typeof useAgentEditor>;
