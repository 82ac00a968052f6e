import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Profile } from '@rankmaps/shared/schemas/profile';
import { api, setSessionExpiredHandler, tokenStore } from '../api-client';
import { paths } from '../paths';

export interface Session {
  isAuthenticated: boolean;
  /** True while the profile of a stored token is being fetched. */
  loading: boolean;
  profile: Profile | null;
  /** Stores the token, then fetches the profile. */
  login: (accessToken: string) => Promise<Profile | null>;
  logout: () => void;
  refreshProfile: () => Promise<Profile | null>;
}

export const profileQueryKey = ['profile'] as const;
export const fetchProfile = () => api<Profile>('/user/profile');

const SessionContext = createContext<Session | null>(null);

/**
 * The auth state of docs/product.md §4: a stored token counts as signed in while its profile loads;
 * if that load fails the session ends. Logout clears everything and calls the server.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState(() => tokenStore.get());
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const profileQuery = useQuery({
    queryKey: profileQueryKey,
    queryFn: fetchProfile,
    enabled: Boolean(token),
    retry: false,
    staleTime: 30_000,
  });

  const logout = useCallback(() => {
    tokenStore.clear();
    setToken(null);
    queryClient.clear();
    // Ends the refresh-token family on the server; the result is not read.
    void api('/auth/logout/', { method: 'POST', retryOn401: false }).catch(() => undefined);
    void navigate(paths.signin.getHref());
  }, [navigate, queryClient]);

  useEffect(() => {
    setSessionExpiredHandler(logout);
  }, [logout]);

  useEffect(() => {
    if (token && profileQuery.isError) logout();
  }, [token, profileQuery.isError, logout]);

  // Another tab signing in or out keeps this one in step.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === 'authToken') setToken(tokenStore.get());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const login = useCallback(
    async (accessToken: string) => {
      tokenStore.set(accessToken);
      setToken(accessToken);
      try {
        // staleTime 0: a profile cached under the same key may belong to the previous token
        // (another account signed in within the last 30 s); always load the new one.
        const profile = await queryClient.fetchQuery({ queryKey: profileQueryKey, queryFn: fetchProfile, staleTime: 0 });
        return profile;
      } catch {
        logout();
        return null;
      }
    },
    [queryClient, logout],
  );

  const refreshProfile = useCallback(async () => {
    if (!tokenStore.get()) return null;
    try {
      return await queryClient.fetchQuery({ queryKey: profileQueryKey, queryFn: fetchProfile, staleTime: 0 });
    } catch {
      return null;
    }
  }, [queryClient]);

  const value = useMemo<Session>(
    () => ({
      isAuthenticated: Boolean(token),
      loading: Boolean(token) && profileQuery.isPending,
      profile: token ? (profileQuery.data ?? null) : null,
      login,
      logout,
      refreshProfile,
    }),
    [token, profileQuery.isPending, profileQuery.data, login, logout, refreshProfile],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession must be used inside <SessionProvider>');
  return ctx;
}

/** A paid plan: anything but none or 'free'. */
export function hasPaidPlan(profile: Profile | null): boolean {
  return Boolean(profile?.currentPlan) && profile?.currentPlan !== 'free';
}
