import type { SectionProps } from '../../shell/sections.ts';
import { PartnerPlans } from './components/PartnerPlans.tsx';
import { PlanCard } from './components/PlanCard.tsx';
import { WalletCard } from './components/WalletCard.tsx';

/**
 * The Billing section: an organization's plan, wallet and transactions (owners, resellers and super
 * admins: canViewBilling); a partner's or reseller's own plans and wallet.
 */
export default function BillingSection({ account }: SectionProps) {
  const console_ = account.accountType === 'partner' || account.accountType === 'reseller';
  return (
    <div className="flex max-w-3xl flex-col gap-6" data-billing={account.id}>
      <header>
        <h1 className="text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">Billing</h1>
        <p className="mt-1 text-sm text-slate-600">Your plan, your wallet and what it paid for.</p>
      </header>
      {console_ ? <PartnerPlans /> : <PlanCard />}
      <WalletCard />
    </div>
  );
}
