/** Named constants of spec §9 and DESIGN.md §7. Never write these values as loose literals. */

export const PAGE_SIZE = 20;
export const FIRST_PAGE = 0;
export const CONVERSATION_CACHE_LIMIT = 100;

export const DEFAULT_COUNTRY = 'US';
export const DEFAULT_INVOICE_UNIT = 'USD';
export const DEFAULT_PLAN_TERM = 'month';
export const DEFAULT_USAGE_FREQUENCY = 'day';
export const DEFAULT_VERSION_SOURCE = 'staging';
export const USAGE_PADDING_DAYS = 30;
export const LINK_PAGE_MATCH_TOLERANCE = 0.6;

export const TIMINGS = {
  campaignAutosaveMs: 1500,
  publishWaitBeforeMs: 1500,
  publishWaitAfterMs: 200,
  onboardingSaveMs: 1000,
  swipeCloseMs: 250,
  toastAutoCloseMs: 5000,
} as const;

/** nprogress options of spec §2. */
export const PROGRESS_BAR = { minimum: 0.08, trickleSpeed: 800, trickleRate: 0.02 } as const;
/** react-toastify drag-to-dismiss threshold: 80% of the toast width. */
export const TOAST_DRAG_PERCENT = 0.8;

export const WALKTHROUGH_VERSION = 1;
export const LEGACY_CUTOFF_MS = 1692075600000;

export const EXCHANGE_RATE_REFRESH_SECONDS = 900;
export const FALLBACK_USD_PER_SAT = 0.00043;

export const BREAKPOINTS = { xs: 550, sm: 768, md: 1024, lg: 1280, xl: 1536, xxl: 1836 } as const;
export const BOTTOM_DETECTION_PX = 400;
export const USER_AGENT_MAX_LENGTH = 500;
export const BUTTON_SIZES = ['4xs', '3xs', '2xs', 'xs', 'sm', 'md', 'lg', 'xl', '2xl'] as const;

/** Domain ids that count as the main brand (spec §6). */
export const MAIN_BRAND_DOMAIN_IDS = [2286, 1217159] as const;

/** Verification codes (DESIGN.md §10). */
export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_MAX_SENDS_PER_HOUR = 5;
export const ONE_TIME_TOKEN_TTL_MS = 10 * 60 * 1000;

/** Profile images. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** Keys under which the web app keeps state in local storage (spec §9). */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  id: 'id',
  adminToken: 'adminToken',
  tempUser: 'tempUser',
  accountCache: 'accountCache',
  activityCache: 'activityCache',
  inboxCache: 'inboxCache',
  formsSubmitted: 'formsSubmitted',
  exchangeRate: 'exchangeRate',
  /** This browser's device id in check-ins and push subscriptions (features/device). */
  deviceId: 'deviceId',
} as const;

/**
 * Referral rewards. An invitation earns its sender `REFERRAL_REWARD_MICRO_USD` once the invited person
 * becomes a paying customer (a paid plan, or at least `REFERRAL_QUALIFYING_PAYMENT_MICRO_USD` added by card
 * or Lightning), at most `REFERRAL_REWARDS_PER_MONTH` rewards per account per calendar month (UTC).
 * Rewards are usage credit: spent on calls, messages and plans before the rest of the wallet, never paid out.
 */
export const REFERRAL_REWARD_MICRO_USD = 5_000_000;
export const REFERRAL_QUALIFYING_PAYMENT_MICRO_USD = 1_000_000;
export const REFERRAL_REWARDS_PER_MONTH = 10;
