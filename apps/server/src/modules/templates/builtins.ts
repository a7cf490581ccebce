import type { AgentTemplate } from '@switchboard/core';

/** The templates every account can start from (spec §7 Agent). Placeholders are {{fieldName}}. */
type Builtin = Omit<AgentTemplate, 'builtIn' | 'ownerAccountId' | 'updatedAt' | 'published'>;

const businessName = { name: 'businessName', label: 'Business name', placeholder: 'Bright Dental', required: true };
const hours = { name: 'hours', label: 'Opening hours', placeholder: 'Monday to Friday, 9am to 5pm', required: true };
const address = { name: 'address', label: 'Address', placeholder: '12 Main Street, Springfield' };

const builtins: Builtin[] = [
  {
    templateId: 'receptionist',
    name: 'Receptionist',
    description: 'Answers calls and chats, gives your hours and address, takes messages and transfers callers.',
    category: 'General',
    agentInstructions: `You are the friendly receptionist of {{businessName}}.
{{businessName}} is {{description}}.
Our opening hours are {{hours}}.
Our address is {{address}}.
Answer questions briefly and warmly. If you do not know an answer, offer to take a message.
When the caller asks for a person, transfer the call.`,
    greeting: 'Hello, thanks for contacting {{businessName}}! How can I help you today?',
    templateFields: [
      businessName,
      { name: 'description', label: 'What the business does', placeholder: 'a family dental practice', required: true, type: 'textarea' },
      hours,
      address,
    ],
    templateIntegrations: [],
    apps: [
      { appId: 'messages', version: '1' },
      { appId: 'transfer', version: '1' },
    ],
    enabledFunctions: { 'messages:1': ['take_message'], 'transfer:1': ['transfer_call'] },
  },
  {
    templateId: 'appointment-setter',
    name: 'Appointment setter',
    description: 'Books appointments and answers questions about your services and prices.',
    category: 'Scheduling',
    agentInstructions: `You book appointments for {{businessName}}.
We offer {{services}}.
Appointments last {{duration}}.
Our opening hours are {{hours}}.
Ask for the caller's name, phone number and preferred time, then book the appointment.
If a caller needs something else, take a message.`,
    greeting: 'Hi! This is {{businessName}}. Would you like to book an appointment?',
    templateFields: [
      businessName,
      { name: 'services', label: 'Services offered', placeholder: 'cleanings, check-ups and whitening', required: true, type: 'textarea' },
      { name: 'duration', label: 'Length of an appointment', placeholder: '30 minutes' },
      hours,
    ],
    templateIntegrations: [
      { slug: 'google-calendar', name: 'Google Calendar', description: 'Check free times and add bookings to your calendar.' },
      { slug: 'calendly', name: 'Calendly', description: 'Book through your Calendly event types.' },
    ],
    apps: [
      { appId: 'schedule', version: '1' },
      { appId: 'messages', version: '1' },
    ],
    enabledFunctions: {
      'schedule:1': ['book_appointment', 'find_appointment', 'reschedule_appointment', 'cancel_appointment'],
      'messages:1': ['take_message'],
    },
  },
  {
    templateId: 'lead-qualifier',
    name: 'Lead qualifier',
    description: 'Asks new leads your qualifying questions and passes the good ones to your team.',
    category: 'Sales',
    agentInstructions: `You qualify new leads for {{businessName}}, which sells {{product}}.
Our ideal customer is {{idealCustomer}}.
Ask these questions one at a time: {{questions}}.
When the lead is a good fit, offer to book a call with the sales team.
Always take the lead's name and phone number or e-mail address.`,
    greeting: 'Hi, thanks for your interest in {{businessName}}! Can I ask a few quick questions?',
    templateFields: [
      businessName,
      { name: 'product', label: 'What you sell', placeholder: 'solar panel installations', required: true },
      {
        name: 'idealCustomer',
        label: 'Your ideal customer',
        placeholder: 'homeowners in Texas with a south-facing roof',
        type: 'textarea',
      },
      {
        name: 'questions',
        label: 'Qualifying questions',
        placeholder: 'Do you own your home? What is your monthly power bill?',
        required: true,
        type: 'textarea',
      },
    ],
    templateIntegrations: [{ slug: 'hubspot', name: 'HubSpot', description: 'Create contacts for qualified leads.' }],
    apps: [
      { appId: 'schedule', version: '1' },
      { appId: 'email', version: '1' },
    ],
    enabledFunctions: {
      'schedule:1': ['book_appointment', 'find_appointment', 'reschedule_appointment', 'cancel_appointment'],
      'email:1': ['send_email'],
    },
  },
  {
    templateId: 'support-line',
    name: 'Support line',
    description: 'Answers customer questions from your help text and escalates what it cannot solve.',
    category: 'Support',
    agentInstructions: `You are the customer support agent of {{businessName}}.
{{faq}}
Our support hours are {{hours}}.
If you cannot solve the problem, take a message with the customer's details or transfer them to a person.`,
    greeting: 'Hello, you have reached {{businessName}} support. What can I help you with?',
    templateFields: [
      businessName,
      {
        name: 'faq',
        label: 'Answers to common questions',
        placeholder: 'Refunds take 5 business days. Passwords can be reset at example.com/reset.',
        required: true,
        type: 'textarea',
      },
      hours,
    ],
    templateIntegrations: [{ slug: 'zendesk', name: 'Zendesk', description: 'Open tickets for escalations.' }],
    apps: [
      { appId: 'messages', version: '1' },
      { appId: 'transfer', version: '1' },
      { appId: 'webhook', version: '1' },
    ],
    enabledFunctions: { 'messages:1': ['take_message'], 'transfer:1': ['transfer_call'], 'webhook:1': ['call_webhook'] },
  },
  {
    templateId: 'real-estate',
    name: 'Real-estate agent',
    description: 'Answers questions about your listings and books viewings.',
    category: 'Real estate',
    agentInstructions: `You are the assistant of {{agentName}}, a real-estate agent at {{businessName}} serving {{area}}.
Current listings: {{listings}}.
Answer questions about the listings, then offer to book a viewing.
For buyers and sellers who want advice, take their name and number so {{agentName}} can call back.`,
    greeting: 'Hi, this is {{agentName}}’s assistant at {{businessName}}. Are you looking to buy, sell or rent?',
    templateFields: [
      businessName,
      { name: 'agentName', label: 'Agent’s name', placeholder: 'Jordan Lee', required: true },
      { name: 'area', label: 'Area served', placeholder: 'Austin and Round Rock', required: true },
      {
        name: 'listings',
        label: 'Listings',
        placeholder: '3-bed house on Oak Street, $450,000; 2-bed condo downtown, $2,100/month',
        type: 'textarea',
      },
    ],
    templateIntegrations: [{ slug: 'google-calendar', name: 'Google Calendar', description: 'Put viewings in your calendar.' }],
    apps: [
      { appId: 'schedule', version: '1' },
      { appId: 'messages', version: '1' },
      { appId: 'sms', version: '1' },
    ],
    enabledFunctions: {
      'schedule:1': ['book_appointment', 'find_appointment', 'reschedule_appointment', 'cancel_appointment'],
      'messages:1': ['take_message'],
      'sms:1': ['send_sms'],
    },
  },
  {
    templateId: 'restaurant',
    name: 'Restaurant host',
    description: 'Takes reservations, answers menu and hours questions, and texts directions.',
    category: 'Hospitality',
    agentInstructions: `You are the host of {{businessName}}, a {{cuisine}} restaurant.
Our opening hours are {{hours}}.
Our address is {{address}}.
Menu highlights: {{menu}}.
Take table reservations with the guest's name, party size and time.
Offer to text the address to guests who ask for directions.`,
    greeting: 'Thank you for calling {{businessName}}! Would you like to make a reservation?',
    templateFields: [
      businessName,
      { name: 'cuisine', label: 'Cuisine', placeholder: 'Italian', required: true },
      hours,
      address,
      { name: 'menu', label: 'Menu highlights', placeholder: 'wood-fired pizza, fresh pasta, tiramisu', type: 'textarea' },
    ],
    templateIntegrations: [{ slug: 'opentable', name: 'OpenTable', description: 'Sync reservations.' }],
    apps: [
      { appId: 'schedule', version: '1' },
      { appId: 'sms', version: '1' },
      { appId: 'messages', version: '1' },
    ],
    enabledFunctions: {
      'schedule:1': ['book_appointment', 'find_appointment', 'reschedule_appointment', 'cancel_appointment'],
      'sms:1': ['send_sms'],
      'messages:1': ['take_message'],
    },
  },
];

export const BUILTIN_TEMPLATES: AgentTemplate[] = builtins.map((t) => ({
  ...t,
  builtIn: true,
  published: true,
  ownerAccountId: null,
  updatedAt: 0,
}));

export const builtinTemplate = (id: string): AgentTemplate | undefined => BUILTIN_TEMPLATES.find((t) => t.templateId === id);
