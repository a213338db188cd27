import { z } from 'zod';

/** What the shell's search box sends: at least two letters (one finds too much), at most 100. */
export const GLOBAL_SEARCH_MIN = 2;
export const GLOBAL_SEARCH_MAX = 100;
/** At most this many records in one answer, of every kind together. */
export const GLOBAL_SEARCH_LIMIT = 20;

export const globalSearchRequestSchema = z.object({
  q: z.string().trim().min(GLOBAL_SEARCH_MIN).max(GLOBAL_SEARCH_MAX),
});
export type GlobalSearchRequest = z.infer<typeof globalSearchRequestSchema>;

export const GLOBAL_SEARCH_TYPES = ['user', 'ad'] as const;
export type GlobalSearchType = (typeof GLOBAL_SEARCH_TYPES)[number];

/** One record found: its page is /users/{id} or /ads/{id}. */
export const globalSearchHitSchema = z.object({
  type: z.enum(GLOBAL_SEARCH_TYPES),
  id: z.number().int(),
  /** A user's full name, an ad's title. */
  title: z.string(),
  /** A user's e-mail (and username); an ad's poster and status. */
  subtitle: z.string(),
});
export type GlobalSearchHit = z.infer<typeof globalSearchHitSchema>;

/** `POST /api/search`: records the caller's role may open, best matches first. */
export const globalSearchResponseSchema = z.object({
  result: z.array(globalSearchHitSchema).max(GLOBAL_SEARCH_LIMIT),
});
export type GlobalSearchResponse = z.infer<typeof globalSearchResponseSchema>;
