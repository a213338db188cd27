import { QueryClient } from '@tanstack/react-query';

/**
 * No automatic retries (every failed call already opened the error dialog, and a retry would open
 * it again) and no refetch on focus: lists reload when the user asks or the URL changes.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}
