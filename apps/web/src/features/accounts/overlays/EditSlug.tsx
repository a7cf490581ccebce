import { USERNAME_PATTERN } from '@switchboard/core/rules/format';
import { SingleFieldOverlay } from '../overlayParts/index.ts';

/** ?editSlug: the account's username, its public handle (/chat/{username}). */
export default function EditSlug() {
  return (
    <SingleFieldOverlay
      title="Username"
      label="Username"
      field="targetUsername"
      success="Username saved"
      initial={(a) => a.username}
      validate={(v) => (USERNAME_PATTERN.test(v.toLowerCase()) ? null : 'Use 3 to 32 lowercase letters, digits and single hyphens.')}
      hint={(v) => (
        <>
          Your public link: <span className="font-mono text-slate-700">{`${window.location.host}/chat/${v.toLowerCase() || '…'}`}</span>
        </>
      )}
      inputProps={{ autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false, maxLength: 32 }}
      save={(v) => ({ username: v.toLowerCase() })}
    />
  );
}
