import { useQuery } from '@tanstack/react-query';
import { request } from './request';

/**
 * The loaded theme (docs/requirements/commerce-and-branding.md §6.1): title, favicon, login and main page
 * paths.
 */
export interface Theme {
  isNew: boolean;
  title: string;
  faviconIco: string;
  webLoginPath: string;
  webMainPath: string;
}

export function useTheme(lang: string) {
  return useQuery({
    queryKey: ['theme', lang],
    queryFn: () => request<Theme>('/lfscada/style/loadStyle', {}, { silent: true }),
    staleTime: Infinity,
    retry: 1,
  });
}
