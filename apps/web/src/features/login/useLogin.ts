import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authCalls } from '@fieldhub/shared';
import { callApi } from '../../app/request';
import { useSession } from '../../app/session';
import { encryptFields } from './encryptLogin';

/**
 * The image code for a login name and whether that name needs it; refetched on demand (refresh
 * button, after a failure).
 */
export function useCaptcha(loginname: string) {
  return useQuery({
    queryKey: ['captcha', loginname],
    queryFn: async () => {
      const [encrypted] = loginname ? await encryptFields([loginname]) : [''];
      return callApi(authCalls.showVcode, encrypted ? { loginname: encrypted } : {}, { silent: true });
    },
    staleTime: 9 * 60_000,
    // each fetch replaces the server's code (a cookie): an image of a name typed earlier is
    // dropped, never shown again for a code it no longer matches
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useLogin() {
  const setUser = useSession((s) => s.setUser);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { loginname: string; password: string; vcode: string }) => {
      // one encrypted text per field given
      const [loginname = '', password = ''] = await encryptFields([v.loginname, v.password]);
      return callApi(authCalls.login, { loginname, password, vcode: v.vcode }, { silent: true });
    },
    onSuccess: (user) => {
      queryClient.clear();
      setUser(user);
    },
  });
}
