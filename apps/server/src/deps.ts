import type { Logger } from 'pino';
import type { RequireAccess } from './access.ts';
import type { Config } from './config.ts';
import type { Db } from './db.ts';
import type { DialectKind } from './platform/db/columns.ts';
import type { CarrierProvider } from './platform/providers/carrier/index.ts';
import type { EmailProvider } from './platform/providers/email/index.ts';
import type { FilesProvider } from './platform/providers/files/index.ts';

/** What services need from the outside world, built once in buildApp. */
export interface Deps {
  config: Config;
  db: Db;
  dbKind: DialectKind;
  log: Logger;
  email: EmailProvider;
  carrier: CarrierProvider;
  files: FilesProvider;
  /** The one access check (apps/server/src/access.ts). */
  requireAccess: RequireAccess;
}
