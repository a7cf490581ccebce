import type { FastifyInstance } from 'fastify';

/**
 * What a module's index.ts exports for app.ts: its name and how it registers (routes, hooks, job
 * handlers, event subscribers). app.ts registers every module from one list, so a route is reachable
 * only if its module is in that list. S is the services object app.ts builds (apps/server/src/services.ts).
 */
export interface ServerModule<S> {
  name: string;
  register(app: FastifyInstance, services: S): void | Promise<void>;
}
