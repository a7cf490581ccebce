/**
 * The server of `npm run bench scale`'s calls part, in a process of its own so that its CPU time and
 * event-loop lag are the server's alone (the simulated callers run in the bench's process): the product
 * on a fresh SQLite database with fake speech engines, as `npm run bench voice` uses them. Speech is a
 * tone of `msPerChar` per character (the greeting of about 65 characters lasts longer than a step of
 * the bench), and the callers stay silent, so the recogniser is never asked.
 *
 * Sends its parent `{ready: {port, token, id}}` (an organization signed up); answers `probe` as
 * scripts/soak-probe.ts does (CPU time, event-loop lag).
 */
import { createTestApp } from '../../apps/server/src/testing/harness.ts';
import { ScriptedStt, ToneTts } from '../../apps/server/src/testing/voice.ts';
import '../soak-probe.ts';

const MS_PER_CHAR = Number(process.argv[2] ?? 400);

const t = await createTestApp({ JOBS_AUTOSTART: 'false' });
t.services.voice.tts = new ToneTts(MS_PER_CHAR, 10);
t.services.voice.stt = new ScriptedStt([], 10);
await t.app.listen({ port: 0, host: '127.0.0.1' });
const org = await t.signUp('owner@scale.bench', { businessName: 'Bench Scale' });
process.once('SIGTERM', () => {
  void t.close().finally(() => process.exit(0));
});
process.on('disconnect', () => {
  void t.close().finally(() => process.exit(0));
});
process.send?.({ ready: { port: (t.app.server.address() as { port: number }).port, token: org.token, id: org.id } });
