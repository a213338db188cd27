import { createQueryClient } from '../api/query-client.ts';

/** The one query cache of the app; emptied when the session ends so no one sees another's data. */
export const appQueryClient = createQueryClient();
