import { z } from 'zod';
import { appFunction, type AppFunction } from './agents.ts';

/**
 * Integrations (spec §3 Integration: integrationSlug, appData; §7 GET/POST /api/v2/integration/{slug}).
 * The catalog below is the one list of integrations with a real adapter on the server; each is also an
 * app of the apps registry (appId = slug, version 1) whose functions the agent can call once connected.
 */
export const INTEGRATION_AUTH_KINDS = ['apiKey', 'oauth2', 'bearer'] as const;
export type IntegrationAuthKind = (typeof INTEGRATION_AUTH_KINDS)[number];

export interface IntegrationField {
  name: string;
  label: string;
  /** Secrets are encrypted at rest and only ever sent back masked. */
  secret?: boolean;
  required?: boolean;
  help?: string;
}

export interface IntegrationDefinition {
  slug: string;
  name: string;
  description: string;
  authKind: IntegrationAuthKind;
  fields: IntegrationField[];
  functions: AppFunction[];
}

const obj = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const s = (description: string) => ({ type: 'string', description });

export const INTEGRATION_CATALOG: IntegrationDefinition[] = [
  {
    slug: 'slack',
    name: 'Slack',
    description: 'Posts to a channel when a conversation needs a person.',
    authKind: 'bearer',
    fields: [
      { name: 'botToken', label: 'Bot token (xoxb-…)', secret: true, required: true },
      { name: 'channel', label: 'Channel (name or id)', required: true },
    ],
    functions: [
      {
        name: 'slack_notify_team',
        description: 'Tell the team in Slack that this conversation needs a person',
        parameters: obj({ reason: s('Why a person is needed'), summary: s('What the caller wants, in one sentence') }, ['reason']),
        keywords: ['speak to a person', 'need a human', 'urgent', 'call me back asap'],
      },
    ],
  },
  {
    slug: 'hubspot',
    name: 'HubSpot',
    description: 'Creates or updates the caller as a CRM contact, logs calls and adds notes to it.',
    authKind: 'oauth2',
    fields: [
      { name: 'accessToken', label: 'Access token (or private app token)', secret: true, required: true },
      { name: 'refreshToken', label: 'Refresh token', secret: true },
      { name: 'clientId', label: 'OAuth client id' },
      { name: 'clientSecret', label: 'OAuth client secret', secret: true },
    ],
    functions: [
      {
        name: 'hubspot_upsert_contact',
        description: 'Create or update the caller as a HubSpot contact, found by e-mail or phone',
        parameters: obj({
          email: s('The caller’s e-mail'),
          phone: s('The caller’s phone'),
          firstname: s('First name'),
          lastname: s('Last name'),
        }),
        keywords: ['my email is', 'sign me up', 'add me'],
      },
      {
        name: 'hubspot_add_note',
        description: 'Add a note to the caller’s HubSpot contact',
        parameters: obj({ email: s('The caller’s e-mail'), phone: s('The caller’s phone'), note: s('The note') }, ['note']),
        keywords: ['note that', 'for the record'],
      },
      {
        name: 'hubspot_log_call',
        description: 'Log this call on the caller’s HubSpot contact (made when there is none): a summary, direction and duration',
        parameters: obj({
          email: s('The caller’s e-mail'),
          phone: s('The caller’s phone'),
          summary: s('What the call was about'),
          direction: s('INBOUND or OUTBOUND'),
          durationSec: { type: 'number', description: 'How long the call lasted, in seconds' },
        }),
        keywords: ['log this call', 'log the call', 'log a call'],
      },
    ],
  },
  {
    slug: 'freshdesk',
    name: 'Freshdesk',
    description: 'Opens a helpdesk ticket for the caller.',
    authKind: 'apiKey',
    fields: [
      { name: 'apiUrl', label: 'Freshdesk URL', required: true, help: 'https://yourcompany.freshdesk.com' },
      { name: 'apiKey', label: 'API key', secret: true, required: true },
    ],
    functions: [
      {
        name: 'freshdesk_open_ticket',
        description: 'Open a helpdesk ticket for the caller',
        parameters: obj(
          {
            subject: s('A short subject'),
            description: s('What the caller needs'),
            email: s('The caller’s e-mail'),
            phone: s('The caller’s phone'),
          },
          ['subject'],
        ),
        keywords: ['ticket', 'open a ticket', 'support request', 'complaint'],
      },
    ],
  },
  {
    slug: 'jobs',
    name: 'Field service jobs',
    description: 'The job-management service: reads its settings and team for a date (Housecall Pro shape).',
    authKind: 'bearer',
    fields: [
      { name: 'apiUrl', label: 'Service URL', required: true, help: 'The base URL of the job-management API.' },
      { name: 'token', label: 'Integration token', secret: true, required: true },
    ],
    functions: [
      {
        name: 'jobs_team_availability',
        description: 'Who on the team is available on a date',
        parameters: obj({ targetDate: s('The date, YYYY-MM-DD') }, ['targetDate']),
        keywords: ['available', 'availability', 'technician', 'when can someone come'],
      },
    ],
  },
];

export function integrationDefinition(slug: string): IntegrationDefinition | undefined {
  return INTEGRATION_CATALOG.find((i) => i.slug === slug);
}

export const integrationSlug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'lower-case letters, digits and - only');

export const integrationHealth = z.object({
  lastSuccessAt: z.number().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.number().nullable(),
});

const fieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  secret: z.boolean().optional(),
  required: z.boolean().optional(),
  help: z.string().optional(),
});

/** One integration as the API shows it: its settings (secrets masked), health and functions. */
export const integrationView = z.object({
  success: z.literal(true),
  integrationSlug: z.string(),
  name: z.string(),
  description: z.string(),
  /** null for a slug outside the catalog (settings only, as onboarding saves them). */
  authKind: z.enum(INTEGRATION_AUTH_KINDS).nullable(),
  fields: z.array(fieldSchema),
  connected: z.boolean(),
  appData: z.record(z.string(), z.unknown()),
  health: integrationHealth,
  functions: z.array(appFunction),
  updatedAt: z.number().nullable(),
});
export type IntegrationView = z.infer<typeof integrationView>;

export const integrationList = z.object({ success: z.literal(true), integrations: z.array(integrationView.omit({ success: true })) });

/** The result of checking a connection against the service (spec §8: valid false with the status). */
export const integrationCheck = z.object({
  success: z.literal(true),
  valid: z.boolean(),
  status: z.number().nullable(),
  message: z.string().optional(),
  health: integrationHealth,
});
