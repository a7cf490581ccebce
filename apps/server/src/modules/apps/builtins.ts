import type { AppDefinition } from '@switchboard/core';
import { INTEGRATION_CATALOG, integrationDefinition } from '@switchboard/core/contracts/integrations';

/** The apps every agent can add (spec §7 Apps), each with real behaviour (see execute.ts). */
const obj = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const str = (description: string) => ({ type: 'string', description });
const params = (properties: Record<string, Record<string, unknown>>) => ({ parameters: { properties } });

export const BUILTIN_APPS: AppDefinition[] = [
  {
    appId: 'schedule',
    appVersion: '1',
    builtIn: true,
    appData: {
      name: 'Scheduling',
      description:
        'Books appointments: with your calendar’s availability the agent offers free times and books one; otherwise it records the request.',
      functions: [
        {
          name: 'book_appointment',
          description: 'Book an appointment for the caller',
          parameters: obj(
            {
              name: str('The caller’s name'),
              phone: str('The caller’s phone number'),
              time: str(
                'The date and time the caller wants, as YYYY-MM-DDTHH:mm when known; if it is not free the answer lists free times to offer',
              ),
              reason: str('What the appointment is for'),
            },
            ['time'],
          ),
          keywords: ['book', 'booking', 'schedule', 'appointment', 'reservation', 'reserve', 'table for'],
        },
        {
          name: 'find_appointment',
          description: 'Look up the caller’s upcoming bookings (by the number they call from, or the e-mail they booked with)',
          parameters: obj({
            phone: str('The phone number the booking was made with, when not calling from it'),
            email: str('The e-mail the booking was made with'),
          }),
          keywords: ['my appointment', 'my booking', 'when is my'],
        },
        {
          name: 'reschedule_appointment',
          description: 'Move the caller’s upcoming booking to another time; if that time is not free the answer lists free times to offer',
          parameters: obj(
            {
              time: str('The new date and time, as YYYY-MM-DDTHH:mm'),
              bookingId: { type: 'number', description: 'Which booking, when the caller has more than one (from find_appointment)' },
              phone: str('The phone number the booking was made with, when not calling from it'),
              email: str('The e-mail the booking was made with'),
            },
            ['time'],
          ),
          keywords: ['reschedule', 'move my appointment', 'change my appointment', 'another time'],
        },
        {
          name: 'cancel_appointment',
          description: 'Cancel the caller’s upcoming booking',
          parameters: obj({
            bookingId: { type: 'number', description: 'Which booking, when the caller has more than one (from find_appointment)' },
            phone: str('The phone number the booking was made with, when not calling from it'),
            email: str('The e-mail the booking was made with'),
          }),
          keywords: ['cancel my appointment', 'cancel my booking', 'cancel the appointment'],
        },
      ],
    },
    dependencies: { providers: { auth: {} } },
  },
  {
    appId: 'transfer',
    appVersion: '1',
    builtIn: true,
    appData: {
      name: 'Call transfer',
      description: 'Transfers the caller to a person: the agent records the transfer request for your team.',
      functions: [
        {
          name: 'transfer_call',
          description: 'Transfer the caller to a person on the team',
          parameters: obj({
            reason: str('Why the caller wants a person'),
            destination: str('The phone number to transfer to, if the caller named one'),
          }),
          keywords: ['transfer', 'human', 'representative', 'operator', 'real person', 'speak to someone', 'talk to someone', 'manager'],
        },
      ],
    },
    dependencies: {
      providers: { auth: { transfer: params({ destination: { type: 'string', title: 'Transfer to (phone number)', value: '' } }) } },
    },
  },
  {
    appId: 'messages',
    appVersion: '1',
    builtIn: true,
    appData: {
      name: 'Take a message',
      description: 'Takes a message for your team and e-mails it to you when an address is set.',
      functions: [
        {
          name: 'take_message',
          description: 'Take a message for the team',
          parameters: obj({ name: str('The caller’s name'), phone: str('A phone number to call back'), message: str('The message') }, [
            'message',
          ]),
          keywords: ['message', 'leave a message', 'voicemail', 'call me back', 'callback', 'call back'],
        },
      ],
    },
    dependencies: {
      providers: { auth: { notify: params({ email: { type: 'string', title: 'E-mail messages to', value: '' } }) } },
    },
  },
  {
    appId: 'contacts',
    appVersion: '1',
    builtIn: true,
    appData: {
      name: "Caller's contact",
      description: "Reads and updates the caller's saved contact (found by the number they call or text from).",
      functions: [
        {
          name: 'get_contact',
          description: "Look up the caller's saved contact: name, e-mail, notes, tags",
          parameters: obj({
            phone: str('In a chat: the phone number the visitor gave'),
            email: str('In a chat: the e-mail the visitor gave'),
          }),
          keywords: ['who am i', 'my details', 'do you know me', 'my account', 'my name'],
        },
        {
          name: 'save_contact',
          description: 'Save what the caller told you about themselves to their contact (created when they have none)',
          parameters: obj({
            name: str("The caller's name"),
            email: str("The caller's e-mail address"),
            note: str('A short note to keep with the contact'),
            phone: str('In a chat: the phone number the visitor gave'),
          }),
          keywords: ['my name is', 'my email is', 'my e-mail is', 'update my details', 'remember'],
        },
      ],
    },
    dependencies: { providers: { auth: {} } },
  },
  {
    appId: 'calls',
    appVersion: '1',
    builtIn: true,
    appData: {
      name: 'Place calls',
      description: "Calls a person from the organization's number (the person the agent is talking with by default).",
      functions: [
        {
          name: 'place_call',
          description: 'Call a person by phone now (a call back)',
          parameters: obj({
            to: str('The phone number to call (the person you are talking with when empty)'),
            reason: str('Why the call is placed'),
          }),
          keywords: ['call me', 'call me back', 'phone me', 'ring me', 'give me a call'],
        },
      ],
    },
    dependencies: { providers: { auth: {} } },
  },
  {
    appId: 'sms',
    appVersion: '1',
    builtIn: true,
    appData: {
      name: 'Send SMS',
      description: 'Sends a text message, to the caller by default.',
      functions: [
        {
          name: 'send_sms',
          description: 'Send a text message',
          parameters: obj({ to: str('The phone number to text (the caller when empty)'), body: str('The text of the message') }, ['body']),
          keywords: ['sms', 'text me', 'send me a text', 'text message', 'send a text'],
        },
      ],
    },
    dependencies: { providers: { auth: {} } },
  },
  {
    appId: 'email',
    appVersion: '1',
    builtIn: true,
    appData: {
      name: 'Send e-mail',
      description: 'Sends an e-mail, to the address the caller gives or to your team.',
      functions: [
        {
          name: 'send_email',
          description: 'Send an e-mail',
          parameters: obj({ to: str('The e-mail address to write to'), subject: str('The subject'), body: str('The text of the e-mail') }, [
            'body',
          ]),
          keywords: ['email', 'e-mail', 'mail me'],
        },
      ],
    },
    dependencies: {
      providers: { auth: { email: params({ to: { type: 'string', title: 'Default recipient', value: '' } }) } },
    },
  },
  {
    appId: 'webhook',
    appVersion: '1',
    builtIn: true,
    appData: {
      name: 'Webhook',
      description: 'Sends the conversation to your own server as an HTTP POST with JSON.',
      functions: [
        {
          name: 'call_webhook',
          description: 'Send the conversation to the business’s webhook',
          parameters: obj({ summary: str('What the caller wants, in one sentence') }),
          keywords: ['webhook', 'notify the team', 'create a ticket', 'open a ticket'],
        },
      ],
    },
    dependencies: {
      providers: {
        auth: {
          webhook: params({
            url: { type: 'string', title: 'Webhook URL', value: '' },
            secret: { type: 'string', title: 'Secret (sent as X-Webhook-Secret)', secret: true, value: '' },
            timeoutMs: { type: 'number', title: 'Timeout (ms)', value: 5000 },
          }),
        },
      },
    },
  },
];

/**
 * Each catalog integration is an app too (appId = its slug, version 1): its functions run through the
 * integrations module with the connection's credentials; its settings live in the connection.
 */
export const INTEGRATION_APPS: AppDefinition[] = INTEGRATION_CATALOG.map((i) => ({
  appId: i.slug,
  appVersion: '1',
  builtIn: true,
  appData: { name: i.name, description: i.description, functions: i.functions, integration: true },
  dependencies: { providers: { auth: {} } },
}));

export const isIntegrationApp = (appId: string) => integrationDefinition(appId) != null;

export function builtinApp(appId: string, version: string): AppDefinition | undefined {
  return [...BUILTIN_APPS, ...INTEGRATION_APPS].find((a) => a.appId === appId && a.appVersion === version);
}

/** A parameter value from any auth provider of the app. */
export function appParam(app: AppDefinition, name: string): unknown {
  for (const provider of Object.values(app.dependencies.providers.auth)) {
    const p = provider.parameters.properties[name];
    if (p && p.value !== undefined && p.value !== '') return p.value;
  }
  return undefined;
}
