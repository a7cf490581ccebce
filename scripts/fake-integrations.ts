/**
 * The integrations' fakes on 127.0.0.1, to try integrations offline (docs/integrations.md):
 *   npx tsx scripts/fake-integrations.ts
 * prints the settings to start the server with and the credentials each fake accepts.
 */
import { fakeFreshdesk, fakeHubspot, fakeJobs, fakeSlack, startFake } from '../apps/server/src/testing/fakes/server.ts';

const slack = await fakeSlack(['xoxb-offline']);
const hubspot = await fakeHubspot({ accessTokens: ['hs-offline'], refreshToken: 'hs-refresh', clientSecret: 'hs-secret' });
const jobs = await fakeJobs('jobs-offline');
const freshdesk = await fakeFreshdesk('fd-offline');
const receiver = await startFake((r) => {
  console.log(`webhook ${r.headers['webhook-id']} ${r.body?.type}`);
  return { status: 204 };
});

console.log(`Start the server with:
  SLACK_API_URL=${slack.url} HUBSPOT_API_URL=${hubspot.url} WEBHOOK_ALLOW_HOSTS=127.0.0.1 npm start

Slack:    bot token xoxb-offline, any channel (messages are printed here)
HubSpot:  access token hs-offline (or refresh token hs-refresh with client secret hs-secret)
Freshdesk: URL ${freshdesk.url}, API key fd-offline
Jobs:     service URL ${jobs.url}, token jobs-offline
Webhooks: endpoint URL ${receiver.url}/hooks (deliveries are printed here)`);

setInterval(() => {
  while (slack.messages.length) console.log(`slack ${JSON.stringify(slack.messages.shift())}`);
}, 1000);
