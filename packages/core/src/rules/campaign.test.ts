import { describe, expect, it } from 'vitest';
import {
  addApp,
  cleanEnabledFunctions,
  enabledFunctionList,
  normalizeApps,
  removeApp,
  toggleFunction,
  validateInstructions,
} from './campaign.ts';

describe('campaign rules', () => {
  it('requires non-empty instructions with the spec’s error', () => {
    expect(validateInstructions('  ')).toEqual({ input: 'prompt', value: 'Please enter a prompt.' });
    expect(validateInstructions(undefined)).toEqual({ input: 'prompt', value: 'Please enter a prompt.' });
    expect(validateInstructions('Be nice.')).toBeNull();
  });

  it('ignores and logs an app without appId and version', () => {
    const logged: string[] = [];
    const log = (m: string) => void logged.push(m);
    expect(addApp([], { appId: 'sms' }, log)).toEqual([]);
    expect(addApp([], { version: '1' }, log)).toEqual([]);
    expect(addApp([], null, log)).toEqual([]);
    expect(logged).toHaveLength(3);
    expect(logged[0]).toContain('appId and version are required');
  });

  it('does not add a duplicate appId, even with another version', () => {
    const logged: string[] = [];
    const apps = addApp([], { appId: 'sms', version: '1' });
    expect(addApp(apps, { appId: 'sms', version: '2' }, (m) => void logged.push(m))).toBe(apps);
    expect(logged[0]).toContain('already added');
    expect(normalizeApps([{ appId: 'a', version: 1 }, { appId: 'a', version: '2' }, 'junk'])).toEqual([{ appId: 'a', version: '1' }]);
  });

  it('keeps enabled functions only for apps in the list and functions the app offers', () => {
    const apps = [{ appId: 'sms', version: '1' }];
    const offered = (k: string) => (k === 'sms:1' ? ['send_sms'] : undefined);
    expect(cleanEnabledFunctions({ 'sms:1': ['send_sms', 'send_sms', 'nope'], 'gone:1': ['x'] }, apps, offered)).toEqual({
      'sms:1': ['send_sms'],
    });
  });

  it('toggles functions, removes an app with its functions, and lists what the agent may call', () => {
    const apps = [
      { appId: 'sms', version: '1' },
      { appId: 'schedule', version: '1' },
    ];
    let enabled = toggleFunction({}, apps[0]!, 'send_sms', true);
    enabled = toggleFunction(enabled, apps[1]!, 'book_appointment', true);
    enabled = toggleFunction(enabled, apps[1]!, 'book_appointment', true);
    expect(enabledFunctionList(apps, enabled).map((f) => f.name)).toEqual(['send_sms', 'book_appointment']);
    expect(removeApp(apps, enabled, 'sms')).toEqual({ apps: [apps[1]], enabledFunctions: { 'schedule:1': ['book_appointment'] } });
    expect(toggleFunction(enabled, apps[0]!, 'send_sms', false)['sms:1']).toEqual([]);
  });
});
