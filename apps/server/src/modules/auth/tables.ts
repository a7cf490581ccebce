import type { Generated } from 'kysely';

export interface TokensTable {
  id: string;
  token_hash: string;
  kind: 'session' | 'api' | 'one_time';
  user_id: number;
  account_id: number | null;
  description: string | null;
  api_type: string | null;
  redirect_url: string | null;
  preview: string | null;
  created_at: number;
  expires_at: number | null;
  last_used_at: number | null;
  consumed_at: number | null;
  revoked_at: number | null;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  address: string;
  purpose: string;
  code_hash: string;
  salt: string;
  account_id: number | null;
  payload: unknown;
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface AuthTables {
  tokens: TokensTable;
  verification_codes: VerificationCodesTable;
}
