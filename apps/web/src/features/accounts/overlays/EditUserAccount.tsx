import { SingleFieldOverlay } from '../overlayParts/index.ts';

const NAME_KEY: Record<string, string> = { organization: 'orgName', reseller: 'resellerName', partner: 'partnerName', agent: 'agentName' };

/** ?editUserAccount: the account's name as people see it (accountName and the type's own name). */
export default function EditUserAccount() {
  return (
    <SingleFieldOverlay
      title="Account name"
      label="Account name"
      field="accountName"
      success="Account name saved"
      initial={(a) => a.displayName}
      validate={(v) => (v ? null : 'Please enter a name.')}
      inputProps={{ maxLength: 120, autoComplete: 'organization' }}
      save={(v, a) => ({
        account: {
          accountName: v,
          details: { accountName: v, ...(NAME_KEY[a.accountType] ? { [NAME_KEY[a.accountType]!]: v } : {}) },
        },
      })}
    />
  );
}
