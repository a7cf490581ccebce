import type { Generated } from 'kysely';

export interface SipWhitelistTable {
  id: Generated<number>;
  account_id: number;
  /** An IPv4 address or CIDR range. */
  ip: string;
  label: string;
  created_at: number;
}

export interface SipRoutesTable {
  id: Generated<number>;
  account_id: number;
  prefix: string;
  /** host[:port] */
  gateway: string;
  transport: 'udp' | 'tcp';
  username: string | null;
  /** The gateway password, sealed (platform/secrets). */
  secret: string | null;
  created_at: number;
}

export interface SipRegistrationsTable {
  id: Generated<number>;
  account_id: number;
  kind: 'provider' | 'pbx';
  server: string | null;
  transport: 'udp' | 'tcp';
  domain: string | null;
  username: string;
  registrar_user: string | null;
  /** provider: the password sealed (we answer their challenges); pbx: HA1 only (we check theirs). */
  secret: string;
  expires: number;
  state: 'registering' | 'registered' | 'failed' | 'unregistered';
  error: string | null;
  expires_at: number | null;
  contact: string | null;
  source_ip: string | null;
  created_at: number;
  updated_at: number;
}

export interface SipTables {
  sip_whitelist: SipWhitelistTable;
  sip_routes: SipRoutesTable;
  sip_registrations: SipRegistrationsTable;
}
