import type { ReferralRewards } from '@switchboard/core';
import { Gift } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { errorText, fieldError } from '../../../api/mutation.ts';
import { createBridge } from '../../../shell/bridge.ts';
import { Button, Card, EmptyState, ErrorState, Skeleton, TextField } from '../../../ui/index.ts';
import { useClaimRewards, useReferralRewards, useSendInvite } from '../api.ts';
import { InviteCandidates } from './InviteCandidates.tsx';

const usd = (micro: number) => `$${(micro / 1e6).toFixed(2)}`;

type Invite = ReferralRewards['invites'][number];

/** Where an invitation stands: invited, joined (waiting for a first payment), or paid and what it earned. */
function inviteStatus(i: Invite): string {
  if (!i.joined) return 'Invited';
  if (i.paidAt == null) return 'Joined · reward after their first payment';
  if (i.rewardMicroUsd === 0) return 'Paid · monthly limit reached, no reward';
  return `Paid · ${usd(i.rewardMicroUsd)}${i.claimedAt ? ' claimed' : ' to claim'}`;
}

/** The rules of the reward, from the server's figures. */
function ReferralRules({ rules }: { rules: ReferralRewards['rules'] }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-xs text-slate-700" aria-label="How rewards work">
      <p className="font-medium text-slate-900">How rewards work</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-4">
        <li>
          You earn {usd(rules.rewardMicroUsd)} when someone you invited becomes a paying customer: they buy a plan, or add at least{' '}
          {usd(rules.qualifyingPaymentMicroUsd)} to their wallet by card or Lightning. Signing up alone earns nothing.
        </li>
        <li>Rewards are usage credit: they pay for calls, messages and plans before the rest of your balance, and cannot be withdrawn.</li>
        <li>
          At most {rules.perMonth} rewards a month ({rules.rewardedThisMonth} earned this month).
        </li>
      </ul>
    </div>
  );
}

/** Invite others (e-mail, SMS, the phone's contacts), see who joined and claim what they earned. */
export function ReferralsCard() {
  const rewards = useReferralRewards();
  const invite = useSendInvite();
  const claim = useClaimRewards();
  const [target, setTarget] = useState('');
  const [phoneAddresses, setPhoneAddresses] = useState<string[] | null>(null);
  const bridge = createBridge(typeof window === 'undefined' ? undefined : window);
  const targetError = fieldError(invite.error, 'target');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate({ target }, { onSuccess: () => setTarget('') });
  };
  const searchPhone = async (name: string) => {
    const found = await bridge.searchContacts(name);
    setPhoneAddresses(found ? found.contacts.flatMap((c) => [...(c.phoneNumbers ?? []), ...(c.emails ?? [])]).slice(0, 200) : []);
  };

  return (
    <Card>
      <section className="p-4 sm:p-5" aria-labelledby="referrals-title">
        <h2 id="referrals-title" className="text-base font-semibold text-slate-900">
          Invite and earn
        </h2>
        {rewards.isPending ? (
          <Skeleton className="mt-3 h-24 w-full" />
        ) : rewards.isError ? (
          <ErrorState title="We could not load your invitations" message={errorText(rewards.error)} />
        ) : (
          <div className="mt-3 flex flex-col gap-4">
            <dl className="grid grid-cols-3 gap-2 text-center">
              {[
                ['Invited', String(rewards.data.invited)],
                ['Joined', String(rewards.data.joined)],
                ['To claim', usd(rewards.data.claimableMicroUsd)],
              ].map(([k, v]) => (
                <div key={k} className="rounded-lg bg-slate-50 p-2">
                  <dt className="text-xs text-slate-600">{k}</dt>
                  <dd className="text-lg font-semibold text-slate-900" data-referral-stat={k}>
                    {v}
                  </dd>
                </div>
              ))}
            </dl>
            <div className="flex flex-wrap items-center gap-2">
              <Button size="sm" disabled={rewards.data.claimableMicroUsd === 0 || claim.isPending} onClick={() => claim.mutate(undefined)}>
                Claim {usd(rewards.data.claimableMicroUsd)} into my wallet
              </Button>
              <span className="text-xs text-slate-600">Earned so far: {usd(rewards.data.earnedMicroUsd)}</span>
            </div>
            <ReferralRules rules={rewards.data.rules} />
            <form onSubmit={submit} className="flex items-end gap-2">
              <TextField
                label="E-mail or phone number"
                fieldClassName="flex-1"
                value={target}
                onChange={(e) => setTarget(e.target.value)}
                error={targetError}
                autoComplete="off"
              />
              <Button type="submit" disabled={!target.trim() || invite.isPending}>
                Invite
              </Button>
            </form>
            <p className="text-xs text-slate-600">
              Your link: <span className="font-mono break-all">{rewards.data.inviteUrl}</span>
            </p>
            <InviteCandidates
              phone={bridge.available() ? { addresses: phoneAddresses, search: (name) => void searchPhone(name) } : null}
              onInvite={(t) => invite.mutate({ target: t })}
              busy={invite.isPending}
            />
            {rewards.data.invites.length === 0 ? (
              <EmptyState
                icon={<Gift className="size-6" aria-hidden="true" />}
                title="No invitations yet"
                message="Invite someone above."
              />
            ) : (
              <ul className="divide-y divide-slate-100 text-sm" aria-label="Invitations">
                {rewards.data.invites.map((i) => (
                  <li key={i.id} className="flex items-center justify-between py-1.5">
                    <span className="break-all">{i.target}</span>
                    <span className="text-slate-600">{inviteStatus(i)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </section>
    </Card>
  );
}
