import type { Kysely, Transaction } from 'kysely';
import { openDatabase as openPlatformDatabase, type DatabaseHandle as PlatformHandle, type DatabaseOptions } from './platform/db/index.ts';
import type { PlatformTables } from './platform/db/tables.ts';
import type { AccountsTables } from './modules/accounts/index.ts';
import type { AdminsTables } from './modules/admins/index.ts';
import type { AgentsTables } from './modules/agents/index.ts';
import type { AppsTables } from './modules/apps/index.ts';
import type { AuthTables } from './modules/auth/index.ts';
import type { BrandsTables } from './modules/brands/index.ts';
import type { CallsTables } from './modules/calls/index.ts';
import type { CalendarTables } from './modules/calendar/index.ts';
import type { ContactsTables } from './modules/contacts/index.ts';
import type { ConversationsTables } from './modules/conversations/index.ts';
import type { DeviceTables } from './modules/device/index.ts';
import type { IntegrationsTables } from './modules/integrations/index.ts';
import type { LinkpagesTables } from './modules/linkpages/index.ts';
import type { ReferralsTables } from './modules/referrals/index.ts';
import type { NotificationsTables } from './modules/notifications/index.ts';
import type { NumbersTables } from './modules/numbers/index.ts';
import type { TemplatesTables } from './modules/templates/index.ts';
import type { VersionsTables } from './modules/versions/index.ts';
import type { AgentTestsTables } from './modules/agenttests/index.ts';
import type { WalletTables } from './modules/wallet/index.ts';
import type { BillingTables } from './modules/billing/index.ts';
import type { WebhooksTables } from './modules/webhooks/index.ts';
import type { LogsTables } from './modules/logs/index.ts';
import type { SipTables } from './modules/sip/index.ts';
import type { StatsTables } from './modules/stats/index.ts';

/**
 * The whole database type, composed from the platform's tables and each module's tables.ts.
 *
 * It lives here, beside app.ts and services.ts (the composition root), and not in platform/db: the
 * platform must not import modules, so platform code is typed against `Kysely<PlatformTables>` (a
 * `Kysely<Database>` is assignable to it) and never sees a module's tables. Modules import `Db`, `Tx`
 * and `DbOrTx` from this file.
 */
export interface Database
  extends
    PlatformTables,
    AccountsTables,
    AdminsTables,
    AuthTables,
    AgentsTables,
    VersionsTables,
    AgentTestsTables,
    TemplatesTables,
    AppsTables,
    IntegrationsTables,
    BrandsTables,
    ConversationsTables,
    NotificationsTables,
    NumbersTables,
    DeviceTables,
    WalletTables,
    BillingTables,
    CallsTables,
    WebhooksTables,
    LogsTables,
    ContactsTables,
    CalendarTables,
    LinkpagesTables,
    ReferralsTables,
    SipTables,
    StatsTables {}

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** A repository method's optional transaction argument. */
export type DbOrTx = Db | Tx;
export type DatabaseHandle = PlatformHandle<Database>;
export type { DatabaseOptions };

/** Opens (and migrates) the database with the whole schema's type. */
export function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  return openPlatformDatabase<Database>(opts);
}
