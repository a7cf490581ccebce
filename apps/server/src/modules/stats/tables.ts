/** Daily usage counters (account, day, item): written by `recordUsage`, read by the reports and billing. */
export interface UsageDailyTable {
  account_id: number;
  date: string;
  item: string;
  quantity: number;
}

export interface StatsTables {
  usage_daily: UsageDailyTable;
}
