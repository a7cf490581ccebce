import type { Deps } from './deps.ts';
import { createBackground } from './platform/background.ts';
import { createConversationsService, roomsWithAddresses } from './modules/conversations/index.ts';
import { createNotificationsService } from './modules/notifications/index.ts';
import { contactNamesByAddress, createContactsService } from './modules/contacts/index.ts';
import { createCalendarService, latestBookingsOf } from './modules/calendar/index.ts';
import { createCalendarProvider } from './platform/providers/calendar/index.ts';
import { createNumbersService } from './modules/numbers/index.ts';
import { createSearchService } from './modules/search/index.ts';
import { createBrandsService } from './modules/brands/index.ts';
import { createAccountsService } from './modules/accounts/index.ts';
import { createSuperAdminService } from './modules/superadmin/index.ts';
import { createAdminsService, removeMembershipsOf } from './modules/admins/index.ts';
import { createAuthService, revokeTokensOf } from './modules/auth/index.ts';
import { createAgentDomain, createAgentRuntime } from './modules/agents/index.ts';
import { createVersionsService } from './modules/versions/index.ts';
import { createAgentTestsService } from './modules/agenttests/index.ts';
import { createWalletProviders, createWalletService } from './modules/wallet/index.ts';
import { createBillingService } from './modules/billing/index.ts';
import { callsWithNumbers, createCallsService, createVoiceEngines, type VoiceEngines } from './modules/calls/index.ts';
import { createIntegrationsService } from './modules/integrations/index.ts';
import { createWebhooksService } from './modules/webhooks/index.ts';
import { createStatsService, reportScope } from './modules/stats/index.ts';
import { createLogsService } from './modules/logs/index.ts';
import { createLinkpagesService, createRecorder } from './modules/linkpages/index.ts';
import { attributeSignup, claimReferralRewards, createReferralsService, qualifyReferral } from './modules/referrals/index.ts';
import { createSipService, createSipTrunk } from './modules/sip/index.ts';
import { createCallRelay, type CallRelay } from './platform/realtime/relay.ts';

/**
 * Every domain service, built once from the dependencies: the composition root. Modules import only
 * modules below them (docs/architecture.md); where a lower module needs a higher one, it takes a typed
 * function in its factory (a port), given here. `relay`: a call relay shared by apps in one process (tests).
 */
export function createServices(deps: Deps, opts: { relay?: CallRelay } = {}) {
  const auth = createAuthService(deps, { attributeSignup });
  const admins = createAdminsService(deps, auth);
  const accounts = createAccountsService(deps, admins, async (trx, ids) => {
    await removeMembershipsOf(trx, ids);
    await revokeTokensOf(trx, ids);
  });
  const superAdmin = createSuperAdminService(deps);
  const brands = createBrandsService(deps);
  // Agents place calls through the calls service (built below; called only once a turn runs).
  const agentRuntime = createAgentRuntime(deps, {
    placeCall: async (agentAccountId, to, idempotencyKey) => {
      const { call } = await calls.placeForAgent(agentAccountId, { to, idempotencyKey });
      return { callId: call.id, status: call.status, error: call.endReason };
    },
  });
  // Publishing asks the agent's test suite first (built below, once the job queue exists).
  const agentParts = createAgentDomain(deps, agentRuntime, (ctx) => agentTests.gate(ctx));
  const agentDomain = { ...agentParts, versions: createVersionsService(deps, agentParts.agents) };
  const notifications = createNotificationsService(deps);
  const numbers = createNumbersService(deps);
  const search = createSearchService(deps);
  const wallet = createWalletService(deps, createWalletProviders(deps), { claimReferralRewards });
  const billing = createBillingService(deps, wallet);
  // The live inbox: the platform's queue, bus, hub and unit of work, and the conversations on top,
  // which ask the agent runtime for replies.
  const background = createBackground(deps.db, deps.config, deps.log);
  const inbox = { ...background, conversations: createConversationsService(deps, background, agentRuntime) };
  // Speech engines of calls (tests may swap them for fakes with fixed delays); test suites play voice scenarios through them.
  const voice: VoiceEngines = createVoiceEngines(deps);
  // A voice scenario's test call comes in on the calls module's media WebSocket (built below; opened only when a run plays).
  const agentTests = createAgentTestsService(deps, agentRuntime, agentParts.agents, background, voice, {
    open: (spec) => calls.testCalls.open(spec),
  });
  const integrations = createIntegrationsService(deps);
  const webhooks = createWebhooksService(deps, background);
  // Live calls between processes: in memory, or Redis pub/sub beside the bus when REDIS_URL is set.
  const relay = opts.relay ?? createCallRelay(deps.config, deps.log);
  const calls = createCallsService(
    deps,
    {
      write: background.write,
      recordCall: (e) => inbox.conversations.recordCall(e),
      recordActions: (roomId, actions, key) => inbox.conversations.recordActionsIn(roomId, actions, key),
      analysis: {
        queue: background.queue,
        analyze: (input) => agentRuntime.analyze(input),
        recordAnalysisUsage: (trx, accountId, tokens, key) => agentRuntime.recordAnalysisUsage(trx, accountId, tokens, key),
      },
    },
    relay,
  );
  const stats = createStatsService(deps);
  const logs = createLogsService(deps, { contactNamesByAddress, reportScope });
  const contacts = createContactsService(deps, { roomsWithAddresses, callsWithNumbers, latestBookingsOf });
  const calendar = createCalendarService(deps, createCalendarProvider(deps.db), Date.now, background);
  const linkpages = createLinkpagesService(deps, createRecorder(deps));
  const referrals = createReferralsService(deps);
  // An invitee's first payment from outside (card or Lightning, a top-up or a plan) earns its referrer's reward.
  wallet.onMoneyIn(async (trx, payment) => void (await qualifyReferral(trx, payment)));
  const sip = createSipService(deps, createSipTrunk(deps, calls));
  return {
    deps,
    inbox,
    calls,
    voice,
    auth,
    admins,
    accounts,
    superAdmin,
    brands,
    agentRuntime,
    agentDomain,
    agentTests,
    notifications,
    numbers,
    search,
    wallet,
    billing,
    integrations,
    webhooks,
    stats,
    logs,
    contacts,
    calendar,
    linkpages,
    referrals,
    sip,
  };
}

export type Services = ReturnType<typeof createServices>;
