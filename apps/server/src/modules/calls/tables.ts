import type { Generated } from 'kysely';

export interface CallsTable {
  id: string;
  account_id: number;
  agent_id: number;
  direction: 'inbound' | 'outbound' | 'web';
  from_number: string;
  to_number: string;
  status: 'queued' | 'ringing' | 'in-progress' | 'completed' | 'failed' | 'no-answer';
  client_key: string | null;
  started_at: number;
  answered_at: number | null;
  ended_at: number | null;
  duration_ms: Generated<number>;
  end_reason: string | null;
  transcript: unknown;
  events: unknown;
  /** Per caller turn, where the time to the reply went (CallTurnTiming[]; null before the call ends). */
  turn_timings: Generated<unknown>;
  created_by: number | null;
  /** The inbox conversation the call joined (phone calls only). */
  room_id: Generated<string | null>;
  /** The two-channel WAV in the files provider, until retention deletes it. */
  recording_key: Generated<string | null>;
  recording_bytes: Generated<number | null>;
  /** The number a transfer went to, and how it went (connected, failed, no-answer). */
  transfer_to: Generated<string | null>;
  transfer_status: Generated<string | null>;
  /** What the call's minutes counted as: 'voice', or 'advancedVoice' when a cloud voice spoke (set when a phone call ends). */
  usage_item: Generated<'voice' | 'advancedVoice' | null>;
  /** When the process holding the live call last said it still does (heartbeat); the orphan sweep ends calls whose holder went quiet. */
  alive_at: Generated<number | null>;
  /** The analysis written after the call ended (ConversationAnalysis JSON; null until then). */
  analysis: Generated<unknown>;
}

/** Per-organization call settings: how many days recordings are kept. */
export interface CallSettingsTable {
  account_id: number;
  recording_retention_days: number;
  updated_at: number;
}

export interface CallsTables {
  calls: CallsTable;
  call_settings: CallSettingsTable;
}
