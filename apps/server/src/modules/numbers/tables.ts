import type { Generated } from 'kysely';

export interface PhoneNumbersTable {
  id: Generated<number>;
  number: string;
  country: string;
  account_id: number;
  provider: string;
  sms_enabled: Generated<number>;
  created_at: number;
}

export interface NumbersTables {
  phone_numbers: PhoneNumbersTable;
}
