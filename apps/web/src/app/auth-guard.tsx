import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { endSession } from '../features/member/session.actions';
import { fetchMemberInfo, memberInfoKey } from '../features/member/member-info.api';
import { setSessionEndedHandler } from '../lib/request';
import { LOGIN_PATH, pagePath } from '../lib/route-paths';
import { getToken } from '../lib/token-storage';
import { queryClient } from '../lib/query-client';
import { isPublicPath } from './routes.config';

/** The specification's second look, for a token that went away while the app started. */
export const AUTH_CHECK_DELAY_MS = 200;

export function loginPathFor(from: string): string {
  return from && from !== '/' ? pagePath('login', { redirect: from }) : LOGIN_PATH;
}

/** Where a guest on this page has to go instead, or null when they may stay. */
export function guestRedirect(pathname: string, search: string, hasToken: boolean): string | null {
  if (hasToken || isPublicPath(pathname)) return null;
  return loginPathFor(`${pathname}${search}`);
}

/** A page change re-checks the session with the server at most this often. */
export const SESSION_RECHECK_MS = 2_000;

/**
 * Only login, register and rule are open to guests. Checked at launch, again 200 ms later
 * and on every page change; with a token, the member info is loaded at launch and again
 * on page changes, so a session revoked elsewhere (password changed, account frozen)
 * ends with the next page the member opens.
 */
export function AuthGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const latest = useRef(location);
  latest.current = location;

  useEffect(() => {
    const check = () => {
      const { pathname, search } = latest.current;
      const target = guestRedirect(pathname, search, getToken() !== null);
      if (target) void navigate(target, { replace: true });
    };
    const timer = setTimeout(check, AUTH_CHECK_DELAY_MS);
    if (getToken()) void queryClient.prefetchQuery({ queryKey: memberInfoKey, queryFn: fetchMemberInfo });

    setSessionEndedHandler(() => {
      endSession();
      const { pathname, search } = latest.current;
      if (!isPublicPath(pathname)) void navigate(loginPathFor(`${pathname}${search}`), { replace: true });
    });
    return () => {
      clearTimeout(timer);
      setSessionEndedHandler(() => undefined);
    };
  }, [navigate]);

  useEffect(() => {
    const target = guestRedirect(location.pathname, location.search, getToken() !== null);
    if (target) void navigate(target, { replace: true });
    else if (getToken() && !isPublicPath(location.pathname)) {
      void queryClient.prefetchQuery({
        queryKey: memberInfoKey,
        queryFn: fetchMemberInfo,
        staleTime: SESSION_RECHECK_MS,
      });
    }
  }, [location.pathname, location.search, navigate]);

  return null;
}
