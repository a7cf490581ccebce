import { displayUsd } from '@switchboard/core';

/** The local payment processor's pages: its checkout page and its billing portal (plain HTML, no script). */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const css = `*{box-sizing:border-box}body{margin:0;font:15px/1.5 Inter,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f1f5f9}
main{max-width:420px;margin:48px auto;padding:28px;background:#fff;border-radius:16px;box-shadow:0 1px 3px rgba(15,23,42,.12)}
.tag{display:inline-block;font-size:12px;font-weight:600;color:#92400e;background:#fef3c7;border-radius:999px;padding:2px 10px}
h1{font-size:20px;margin:12px 0 4px}.amount{font-size:34px;font-weight:700;margin:8px 0 20px}.muted{color:#475569;font-size:14px}
form{display:inline}.row{display:flex;gap:10px;margin-top:20px}
button,a.btn{font:inherit;font-weight:600;padding:11px 18px;border-radius:10px;border:0;cursor:pointer;text-decoration:none;display:inline-block}
.pay{background:#4f46e5;color:#fff}.cancel{background:#e2e8f0;color:#0f172a}button:focus-visible,a.btn:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${css}</style></head><body><main>${body}</main></body></html>`;
}

export function checkoutPage(s: { id: string; amount: number; description: string; status: string; expired: boolean }): string {
  const open = s.status === 'open' && !s.expired;
  const state = open
    ? ''
    : `<p class="muted" role="status">This checkout is ${s.expired && s.status === 'open' ? 'expired' : esc(s.status)}.</p>`;
  return page(
    'Checkout',
    `<span class="tag">Local test checkout: no real card is charged</span>
<h1>${esc(s.description)}</h1><p class="amount">${esc(displayUsd(s.amount))}</p>${state}
${
  open
    ? `<div class="row"><form method="post" action="/pay/checkout/${esc(s.id)}/pay"><button class="pay" type="submit">Pay ${esc(displayUsd(s.amount))}</button></form>
<form method="post" action="/pay/checkout/${esc(s.id)}/cancel"><button class="cancel" type="submit">Cancel</button></form></div>`
    : ''
}`,
  );
}

export function portalPage(p: { customer: string; returnUrl: string; lines: string[] }): string {
  return page(
    'Billing portal',
    `<span class="tag">Local billing portal</span><h1>Billing for ${esc(p.customer)}</h1>
${p.lines.map((l) => `<p class="muted">${esc(l)}</p>`).join('')}
<div class="row"><a class="btn pay" href="${esc(p.returnUrl)}">Return</a></div>`,
  );
}

export function notFoundPage(): string {
  return page('Checkout not found', '<h1>Checkout not found</h1><p class="muted">This payment link does not exist.</p>');
}

export function connectPage(p: { id: string; ready: boolean }): string {
  return page(
    'Connect a payout account',
    `<span class="tag">Local test Connect: no real bank account is linked</span>
<h1>Connect your payout account</h1><p class="muted">Account ${esc(p.id)}${p.ready ? ' is connected.' : ' needs onboarding.'}</p>
<div class="row"><form method="post" action="/pay/connect/${esc(p.id)}/finish"><button class="pay" type="submit">Finish onboarding</button></form>
<form method="post" action="/pay/connect/${esc(p.id)}/abandon"><button class="cancel" type="submit">Cancel</button></form></div>`,
  );
}
