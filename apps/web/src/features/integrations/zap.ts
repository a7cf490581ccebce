/**
 * The `zap` query parameter (spec §2, the inbox's parameters): `?zap=zapier`, `make` or `n8n` opens the
 * outbound-webhook setup for that automation tool in the Integrations section.
 */
export const ZAP_TOOLS = {
  zapier: {
    name: 'Zapier',
    steps: [
      'In Zapier, create a Zap whose trigger is “Webhooks by Zapier” → “Catch Hook”.',
      'Copy the webhook URL Zapier shows and paste it below; choose the events to send.',
      'Press “Test” on the webhook here, then “Test trigger” in Zapier to see the event’s fields.',
    ],
  },
  make: {
    name: 'Make',
    steps: [
      'In Make, add a “Webhooks” → “Custom webhook” module and create a webhook.',
      'Copy its address and paste it below; choose the events to send.',
      'Press “Test” here while Make waits for data: it learns the event’s structure.',
    ],
  },
  n8n: {
    name: 'n8n',
    steps: [
      'In n8n, add a “Webhook” trigger node with the HTTP method POST.',
      'Copy its production URL and paste it below; choose the events to send.',
      'Verify the Switchboard-Signature header with the secret (see the docs) in a Code node if you like.',
    ],
  },
} as const;

export type ZapTool = keyof typeof ZAP_TOOLS;

export function zapTool(value: string | null): ZapTool | null {
  const v = value?.toLowerCase() ?? '';
  return v in ZAP_TOOLS ? (v as ZapTool) : null;
}

/** Where `?zap=` leads from the inbox: the same account's Integrations section. */
export function zapSetupUrl(inboxPathname: string, tool: ZapTool): string {
  const base = inboxPathname.startsWith('/app') ? inboxPathname.replace(/\/inbox\/?$/, '') : '/app';
  return `${base === '/app/' ? '/app' : base}/integrations?zap=${tool}`;
}
