import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import type { DialectKind } from './db/columns.ts';
import type { CarrierProvider } from './providers/carrier/index.ts';
import type { EmailProvider } from './providers/email/index.ts';
import type { FilesProvider } from './providers/files/index.ts';

/** What services need from the outside world, built once in buildApp. */
export interface Deps {
  config: Config;
  db: Db;
  dbKind: DialectKind;
  log: Logger;
  email: EmailProvider;
  carrier: CarrierProvider;
  files: FilesProvider;
}
