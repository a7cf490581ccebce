import type { Generated } from 'kysely';

export interface PhoneNumbersTable {
  id: Generated<number>;
  number: string;
  country: string;
  /** The organization that holds the number. */
  account_id: number;
  provider: string;
  sms_enabled: Generated<number>;
  created_at: number;
  /** The agent account that answers it; null: the organization's own agent. */
  agent_id: number | null;
  /** 'carrier' (bought through the carrier) or 'byo' (the customer's own line); null on old rows: carrier. */
  kind: 'carrier' | 'byo' | null;
  /** 'active', or 'pending_verification' for a BYO number not proven yet; null on old rows: active. */
  status: 'active' | 'pending_verification' | null;
  /** How calls to a BYO number reach us: 'forwarding' or 'sip'. */
  routing: 'forwarding' | 'sip' | null;
  carrier_sid: string | null;
  locality: string | null;
  region: string | null;
  /** Comma list of voice, sms, mms. */
  capabilities: string | null;
  /** A forwarded BYO number: the carrier number of ours it forwards to. */
  forward_to: string | null;
  verified_at: number | null;
}

export interface NumberVerificationsTable {
  id: Generated<number>;
  number: string;
  account_id: number;
  code_hash: string;
  salt: string;
  method: 'sms' | 'call';
  attempts: Generated<number>;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface ForwardingChecksTable {
  id: Generated<number>;
  account_id: number;
  cell: string;
  expected: string;
  caller_id: string;
  status: 'waiting' | 'success' | 'no_call' | 'wrong_number';
  seen: string | null;
  created_at: number;
  finished_at: number | null;
}

export interface NumbersTables {
  phone_numbers: PhoneNumbersTable;
  number_verifications: NumberVerificationsTable;
  forwarding_checks: ForwardingChecksTable;
}
