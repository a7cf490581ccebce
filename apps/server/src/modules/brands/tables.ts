import type { Generated } from 'kysely';

/** A brand's domain and the profile shown on it (flags 0/1, settings JSON, time epoch ms). */
export interface BrandDomainsTable {
  id: Generated<number>;
  account_id: number;
  domain: string;
  is_default: Generated<number>;
  name: string | null;
  image: string | null;
  settings: unknown;
  created_at: number;
  updated_at: number;
}

export interface BrandsTables {
  domains: BrandDomainsTable;
}
