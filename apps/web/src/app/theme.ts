import { useQuery } from '@tanstack/react-query';
import { userCalls, type CallOutput } from '@fieldhub/shared';
import { callApi } from './request';

/**
 * The loaded theme (docs/requirements/commerce-and-branding.md §6.1): title, favicon, login and main page
 * paths.
 */
export type Theme = CallOutput<typeof userCalls.loadStyle>;

export function useTheme(lang: string) {
  return useQuery({
    queryKey: ['theme', lang],
    queryFn: () => callApi(userCalls.loadStyle, undefined, { silent: true }),
    staleTime: Infinity,
    retry: 1,
  });
}
