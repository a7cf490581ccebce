import type { FastifyInstance } from 'fastify';
import { logsQuery, logsResponse } from '@switchboard/core/contracts/logs';
import { authOf } from '../auth/index.ts';
import { route, withAuthParams } from '../../platform/http/route.ts';
import type { Services } from '../../services.ts';

/** Spec §7 Logs: GET /api/v2/logs, JSON pages or a CSV file. */
export function logsRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: 'GET',
    url: '/api/v2/logs',
    summary: 'Activity logs of the acting account’s tree: filters, chosen fields, JSON keyset pages or CSV (format=csv)',
    tags: ['logs'],
    query: withAuthParams(logsQuery),
    response: logsResponse,
    handler: async (req, reply) => {
      const { format, ...q } = req.query;
      if (format !== 'csv') return s.logs.page(authOf(req), q);
      const stream = await s.logs.csv(authOf(req), q);
      const name = `logs-${new Date().toISOString().slice(0, 10)}.csv`;
      // A stream is sent as it is read: the JSON response contract does not apply to the file.
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(stream);
    },
  });
}
