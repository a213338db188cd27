import { globalSearchRequestSchema, globalSearchResponseSchema } from '@usluge/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authenticate.ts';
import type { Database } from '../../db/client.ts';
import { globalSearch } from './global-search.ts';

/** The back office's search box (Ctrl+K): records by name, title or id, as the caller may open them. */
export function globalSearchRoutes(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/search',
    {
      config: { access: 'staff', isListRead: true },
      schema: {
        tags: ['search'],
        summary: 'Find users and ads by what the search box holds',
        description:
          "`q` (2–100 characters) anywhere in a user's name and last name, username, e-mail or phone (administrators only), or in an ad's title, or an ad's id (staff); case and diacritics ignored ('kosenje' finds 'Košenje'). Two characters match at the start of a word ('ko' finds 'Marko Kosović', not 'Zvonko'). At most 20 records, prefix matches and the closest first; `type` says which page (`/users/{id}`, `/ads/{id}`) opens it.",
        body: globalSearchRequestSchema,
        response: { 200: globalSearchResponseSchema },
      },
    },
    async (request) => ({ result: await globalSearch(db, request.body.q, requireUser(request).roleIds) }),
  );
}
