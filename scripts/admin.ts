/**
 * Operator commands against the configured database (same environment as the server).
 *   npm run admin -- create-partner "North Partners" owner@north.example
 *   npm run admin -- ledger-check
 */
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { ledger } from '../apps/server/src/modules/wallet/index.ts';

const [command, ...args] = process.argv.slice(2);
const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
const built = await buildApp(config);
try {
  if (command === 'create-partner') {
    const [name, email] = args;
    if (!name || !email) throw new Error('usage: create-partner NAME EMAIL');
    const r = await built.services.superAdmin.createPartner(null, { name, email });
    console.log(
      `Partner ${r.account.displayName} (id ${r.id}, username ${r.account.username}) created. ${email} signs in with an e-mail code.`,
    );
  } else if (command === 'ledger-check') {
    // The reconciliation check (docs/billing.md): the balances sum to zero and each is its credits minus its debits.
    const check = await ledger.check(built.database.db);
    console.log(`${check.accounts} ledger accounts, sum of balances ${check.total}, ${check.mismatched.length} mismatched`);
    for (const m of check.mismatched) console.log(`  ${m.code}: balance ${m.balance}, transfers say ${m.expected}`);
    process.exitCode = check.total === 0 && check.mismatched.length === 0 ? 0 : 1;
  } else {
    console.log('commands: create-partner NAME EMAIL | ledger-check');
    process.exitCode = command ? 1 : 0;
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await built.close();
}
