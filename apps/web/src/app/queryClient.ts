import { QueryClient } from '@tanstack/react-query';

/** The one answer cache of the app: no retries, no refetch when the window regains focus. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});
