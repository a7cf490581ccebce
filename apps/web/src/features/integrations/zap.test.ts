import { describe, expect, it } from 'vitest';
import { zapSetupUrl, zapTool } from './zap.ts';

describe('the zap parameter', () => {
  it('knows Zapier, Make and n8n, whatever the case, and nothing else', () => {
    expect(zapTool('zapier')).toBe('zapier');
    expect(zapTool('Make')).toBe('make');
    expect(zapTool('n8n')).toBe('n8n');
    expect(zapTool('ifttt')).toBeNull();
    expect(zapTool(null)).toBeNull();
  });

  it('leads from an inbox to the same account’s Integrations section', () => {
    expect(zapSetupUrl('/app/org/5/inbox', 'zapier')).toBe('/app/org/5/integrations?zap=zapier');
    expect(zapSetupUrl('/app/inbox', 'make')).toBe('/app/integrations?zap=make');
    expect(zapSetupUrl('/inbox', 'n8n')).toBe('/app/integrations?zap=n8n');
  });
});
