/**
 * Operator commands against the configured database (same environment as the server).
 *   npm run admin -- create-partner "North Partners" owner@north.example
 */
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';

const [command, ...args] = process.argv.slice(2);
const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
const built = await buildApp(config);
try {
  if (command === 'create-partner') {
    const [name, email] = args;
    if (!name || !email) throw new Error('usage: create-partner NAME EMAIL');
    const r = await built.services.superAdmin.createPartner(null, { name, email });
    console.log(`Partner ${r.account.displayName} (id ${r.id}, username ${r.account.username}) created. ${email} signs in with an e-mail code.`);
  } else {
    console.log('commands: create-partner NAME EMAIL');
    process.exitCode = command ? 1 : 0;
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await built.close();
}
