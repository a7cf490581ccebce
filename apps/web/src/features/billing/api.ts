import { useQuery } from '@tanstack/react-query';
import type {
  CheckoutResponse,
  CheckoutStatusResponse,
  ExchangeRatesResponse,
  PendingInvoice,
  RecentTransactionsResponse,
} from '@switchboard/core/contracts/wallet';
import type { Payout, PayoutResponse } from '@switchboard/core/contracts/payouts';
import type { CurrentPlanResponse, ProductPlan, SubscribeResponse } from '@switchboard/core/contracts/billing';
import { api } from '../../api/client.ts';
import { useAppMutation } from '../../api/mutation.ts';

/**
 * The billing feature's calls (the only file here with URL paths): the wallet (spec §7 Wallet) and
 * plans (spec §7 Billing). Every call acts on the account the address opens (targetAccountId).
 */
export const billingKeys = {
  wallet: ['billing', 'wallet'] as const,
  rate: ['billing', 'rate'] as const,
  invoice: ['billing', 'invoice'] as const,
  plans: ['billing', 'plans'] as const,
  current: ['billing', 'current'] as const,
  checkout: (id: string) => ['billing', 'checkout', id] as const,
};

/** Where the checkout returns: the result pages, remembering the account and the page to go back to. */
export function returnUrls(accountId: number | null) {
  const here = `${location.pathname}${location.search}`;
  const q = new URLSearchParams({ returnTo: here.replace(/[?&](addFunds|checkout|subscription|billing|wallet)=[^&]*/g, '') || '/app' });
  if (accountId) q.set('account', String(accountId));
  return { successUrl: `${location.origin}/app/paymentSuccess?${q}`, cancelUrl: `${location.origin}/app/paymentCancel?${q}` };
}

export function useWallet() {
  return useQuery({
    queryKey: billingKeys.wallet,
    queryFn: ({ signal }) => api<RecentTransactionsResponse>('/api/v1/recentTransactions', { signal }),
    retry: false,
  });
}

export function useExchangeRate() {
  return useQuery({
    queryKey: billingKeys.rate,
    queryFn: ({ signal }) => api<ExchangeRatesResponse>('/api/v1/exchangeRates', { signal }),
    staleTime: 900_000,
  });
}

export function useCardTopUp() {
  return useAppMutation((v: { amount: string; accountId: number | null }) =>
    api<CheckoutResponse>('/api/v1/checkout/vidaCredit', {
      body: { amount: v.amount, currency: 'usd', ...returnUrls(v.accountId), idempotencyKey: crypto.randomUUID() },
    }),
  );
}

/** What became of a checkout (the result pages); `target` is the account that opened it. */
export function useCheckoutStatus(sessionId: string | null, target: number | null) {
  return useQuery({
    queryKey: billingKeys.checkout(sessionId ?? ''),
    queryFn: ({ signal }) =>
      api<CheckoutStatusResponse>('/api/v1/checkout/status', { signal, query: { sessionId }, target: target ?? false }),
    enabled: !!sessionId,
    retry: false,
    // A processor's webhook can arrive after the customer is back: look again until it has.
    refetchInterval: (q) => (q.state.data?.checkout.status === 'open' ? 2000 : false),
  });
}

export function usePendingInvoice() {
  return useQuery({
    queryKey: billingKeys.invoice,
    queryFn: ({ signal }) => api<{ invoice: PendingInvoice | null }>('/api/v1/pendingInvoice', { signal }),
    retry: false,
  });
}

export function useRequestInvoice() {
  return useAppMutation(
    (v: { amount: string }) => api<{ invoice: PendingInvoice }>('/api/v1/requestInvoice', { body: { amount: v.amount, unit: 'USD' } }),
    {
      invalidate: [billingKeys.invoice],
    },
  );
}

export function useResetInvoice() {
  return useAppMutation(() => api('/api/v1/resetPendingInvoice', { body: {} }), {
    invalidate: [billingKeys.invoice],
    success: 'Invoice cancelled.',
  });
}

export function useProveInvoice() {
  return useAppMutation(
    (v: { invoice: string; preimage: string }) => api<{ balanceUsd: string }>('/api/v1/provePendingInvoicePaid', { body: v }),
    {
      invalidate: [billingKeys.invoice, billingKeys.wallet],
      success: (r) => `Payment received. Your balance is $${r.balanceUsd}.`,
    },
  );
}

/** The local Lightning node's payer (development only): pays an invoice and hands back the preimage. */
export function useLocalLightningPay() {
  return useAppMutation((v: { invoice: string }) => api<{ preimage: string }>('/api/dev/lightning/pay', { body: v, anonymous: true }));
}

export function usePlans() {
  return useQuery({
    queryKey: billingKeys.plans,
    queryFn: ({ signal }) => api<{ productPlans: ProductPlan[] }>('/api/v2/product/allAvailablePlans', { signal }),
    retry: false,
  });
}

export function usePlan(id: number | null) {
  return useQuery({
    queryKey: [...billingKeys.plans, id],
    queryFn: ({ signal }) => api<{ productPlan: ProductPlan }>(`/api/v2/product/productCatalog/${id}`, { signal }),
    enabled: id != null,
    retry: false,
  });
}

/** A partner's or reseller's own plans (spec §1: partners define plans for their organizations). */
export function useMyPlans(enabled = true) {
  return useQuery({
    queryKey: [...billingKeys.plans, 'mine'],
    queryFn: ({ signal }) => api<{ productPlans: ProductPlan[] }>('/api/v2/product/myPlans', { signal }),
    enabled,
    retry: false,
  });
}

export type PlanDraft = Pick<ProductPlan, 'name' | 'description' | 'productItems'> & { priceMonth: string; priceYear: string };

export function useSavePlan(id: number | null) {
  return useAppMutation(
    (draft: PlanDraft) =>
      api<{ productPlan: ProductPlan }>(id ? `/api/v2/product/plans/${id}` : '/api/v2/product/plans', {
        method: id ? 'PUT' : 'POST',
        body: draft,
      }),
    { invalidate: [billingKeys.plans], success: 'Plan saved.' },
  );
}

/** A page of the organizations below the acting partner or reseller, to offer a plan to. */
export function useOrganizationsToOffer(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['billing', 'offer-organizations', search],
    queryFn: ({ signal }) =>
      api<{ accounts: { id: number; displayName: string; username: string }[] }>('/api/v2/listOrganizations', {
        signal,
        query: { page: 0, pageSize: 20, search: search || undefined },
      }),
    enabled,
  });
}

/** POST /api/v2/product/offerPlan: the organization sees this plan as its offer. */
export function useOfferPlan() {
  return useAppMutation((v: { organizationId: number; productPlanId: number }) => api('/api/v2/product/offerPlan', { body: v }), {
    success: 'Plan offered.',
  });
}

export function useOfferedPlan() {
  return useQuery({
    queryKey: [...billingKeys.plans, 'offered'],
    queryFn: ({ signal }) => api<{ productPlan: ProductPlan | null }>('/api/v2/product/offeredPlan', { signal }),
    retry: false,
  });
}

export function useCurrentPlan() {
  return useQuery({
    queryKey: billingKeys.current,
    queryFn: ({ signal }) => api<CurrentPlanResponse>('/api/v2/product/currentPlan', { signal }),
    retry: false,
  });
}

export function useSubscribe() {
  return useAppMutation((v: { productPlanId: number; term: 'month' | 'year'; accountId: number | null }) =>
    api<SubscribeResponse>('/api/v2/product/subscribe', {
      body: { productPlanId: v.productPlanId, term: v.term, ...returnUrls(v.accountId) },
    }),
  );
}

export function useCancelPlan() {
  return useAppMutation((v: { reason: string; details: string }) => api('/api/v1/vidaPro/cancel', { method: 'DELETE', query: v }), {
    invalidate: [billingKeys.current],
    success: 'Your subscription has been cancelled.',
  });
}

export function usePortalLink() {
  return useAppMutation(() => api<{ url: string }>('/api/v1/getBillingCustomerPortalLink', { body: { redirectUrl: location.href } }));
}

/** Withdrawals (spec §7 Wallet payouts). */
export const payoutKeys = { list: ['billing', 'payouts'] as const, connect: ['billing', 'connect'] as const };

export function usePayouts() {
  return useQuery({
    queryKey: payoutKeys.list,
    queryFn: ({ signal }) => api<{ payouts: Payout[] }>('/api/v1/payouts', { signal }),
    retry: false,
  });
}

export function useConnectedAccount() {
  return useQuery({
    queryKey: payoutKeys.connect,
    queryFn: ({ signal }) =>
      api<{ connected: boolean; onboardingStarted: boolean }>('/api/v1/payout/stripe/checkConnectedAccount', { signal }),
    retry: false,
  });
}

export function useConnectAccount() {
  return useAppMutation(() =>
    api<{ url: string }>('/api/v1/payout/stripe/connectAccount', {
      body: {
        successUrl: `${location.origin}/app/stripePayoutConnectSuccess`,
        failureUrl: `${location.origin}/app/stripePayoutConnectFailure`,
      },
    }),
  );
}

export type WithdrawInput =
  | { method: 'paypal' | 'venmo'; address: string; amountUsd: string }
  | { method: 'stripe'; amountUsd: string }
  | { method: 'lightning'; address: string };

export function useWithdraw() {
  return useAppMutation(
    (v: WithdrawInput & { key: string }) => {
      const idempotencyKey = v.key;
      if (v.method === 'lightning')
        return api<PayoutResponse>('/api/v1/requestWithdrawal', { body: { address: v.address, type: 'ln', idempotencyKey } });
      if (v.method === 'stripe')
        return api<PayoutResponse>('/api/v1/payout/stripe/transferFunds', { body: { amountUsd: v.amountUsd, idempotencyKey } });
      return api<PayoutResponse>(`/api/v1/payout/paypal/${v.method}`, {
        body: { address: v.address, amountUsd: v.amountUsd, idempotencyKey },
      });
    },
    {
      invalidate: [payoutKeys.list, billingKeys.wallet],
      success: (r) => `Withdrawal of $${r.payout.amountUsd} requested. Your balance is $${r.balanceUsd}.`,
    },
  );
}

/** Pay links (spec §7): anyone pays an account by its username, without signing in. */
export function usePayAccount(username: string) {
  return useQuery({
    queryKey: ['billing', 'payAccount', username],
    queryFn: ({ signal }) =>
      api<{ account: { username: string; name: string | null; profileImage: string | null } }>(
        `/api/v1/account/${encodeURIComponent(username)}`,
        {
          signal,
          anonymous: true,
        },
      ),
    retry: false,
  });
}

export function usePayLinkInvoice() {
  return useAppMutation((v: { slug: string; amount: string }) =>
    api<{ invoice: PendingInvoice }>('/api/v1/requestInvoice', { body: { amount: v.amount, unit: 'USD', slug: v.slug }, anonymous: true }),
  );
}

export function usePayLinkCard() {
  return useAppMutation((v: { slug: string; amount: string }) => {
    const here = `${location.origin}/payto/${encodeURIComponent(v.slug)}`;
    return api<CheckoutResponse>('/api/v1/checkout/vidaCredit', {
      body: {
        amount: v.amount,
        currency: 'usd',
        slug: v.slug,
        successUrl: `${here}?paid=1`,
        cancelUrl: here,
        idempotencyKey: crypto.randomUUID(),
      },
      anonymous: true,
    });
  });
}
