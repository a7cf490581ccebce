import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { handleMediaStream, runtimeBrain, type CallRow } from '../calls/index.ts';
import { sipRoutes } from './routes.ts';

export { createSipService } from './service.ts';
export type { SipService } from './service.ts';
export { createSipTrunk } from './trunk.ts';
export type { SipTables } from './tables.ts';

/** SIP trunks (docs/telephony.md): settings routes, and the endpoint started with the server. */
export const sipModule: ServerModule<Services> = {
  name: 'sip',
  register(app, s) {
    sipRoutes(app, s.sip);
    s.calls.useDialer(s.sip.trunk.dialer);
    const media = {
      calls: s.calls,
      engines: s.voice,
      brainFor: (call: CallRow) =>
        runtimeBrain(s.agentRuntime, call, undefined, (actions, key) => s.calls.recordAgentActions(call.id, actions, key), s.deps.log),
      log: s.deps.log,
    };
    app.addHook('onReady', async () => s.sip.trunk.start((conn) => handleMediaStream(conn, media)));
    app.addHook('onClose', async () => s.sip.trunk.stop());
  },
};
