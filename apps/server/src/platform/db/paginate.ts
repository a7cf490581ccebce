/** A page request as every list route parses it (core's pageParams): page from 0, pageSize, pagination on/off. */
export interface PageRequest {
  page: number;
  pageSize: number;
  /** false: the whole list (spec §5's `pagination=false`). */
  pagination?: boolean;
}

/** The one pagination helper: limits a query to the requested page (newest-first order is the caller's). */
export function pageOf<Q extends { limit(n: number): Q; offset(n: number): Q }>(q: Q, p: PageRequest): Q {
  return p.pagination === false ? q : q.limit(p.pageSize).offset(p.page * p.pageSize);
}
