import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { linkpagesRoutes } from './routes.ts';

export type { LinkpagesTables } from './tables.ts';
export { createLinkpagesService, type LinkpagesService } from './service.ts';
export { createRecorder, isBot } from './recorder.ts';
/** The page import's fetch under the outbound policy (its tests). */
export { fetchPage, FetchPageError } from './fetchPage.ts';

/**
 * Link pages: the account's links and page settings, the public page at /p/{username}
 * rendered by the server and cached in memory, click and view statistics recorded in batches.
 */
export const linkpagesModule: ServerModule<Services> = {
  name: 'linkpages',
  register(app, s) {
    app.addHook('onClose', async () => {
      await s.linkpages.recorder.flush();
    });
    linkpagesRoutes(app, s.deps, s.linkpages);
  },
};
