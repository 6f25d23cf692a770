import type { CurrentUser } from "@contract/auth";
import { authEndpoints } from "@contract/endpoints/auth";
import { hasSignedInHintIn, SIGNED_IN_HINT_COOKIE } from "@contract/session-hint";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useMemo } from "react";
import { ApiError, api } from "./api";
import { normalizeError } from "./normalize-error";
import { queryKeyOf } from "./queries";
import { toast } from "./toast";

export const CURRENT_USER_KEY = queryKeyOf(authEndpoints.me);

/** Whether this browser started a session (the server's readable hint beside the httpOnly session cookie). */
export function hasSignedInHint(): boolean {
  // No document when the build prerenders the landing page, which is for signed-out visitors.
  return typeof document !== "undefined" && hasSignedInHintIn(document.cookie);
}

/** A hint whose session has ended (expired, revoked elsewhere) is dropped, so later visits stop asking. */
function dropSignedInHint(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the hint is the one cookie the page itself may clear
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/** The signed-in user, or null for the 401 that means signed out. */
async function readCurrentUser(signal: AbortSignal): Promise<CurrentUser | null> {
  try {
    return await api(authEndpoints.me, {}, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

interface AuthState {
  /** The signed-in user, or null when signed out (the session call answered 401). */
  user: CurrentUser | null;
  isLoading: boolean;
  /** The session call failed for another reason than 401 (server or network trouble). */
  error: Error | null;
  /** Re-reads the current user (after login, verify, setup completion, payment). */
  refreshUser: () => Promise<void>;
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * `enabled: false` (pages that read no session) skips the session call; a user read earlier stays known. Spec 000 §7
 * keeps 401 as the signed-out answer, so not asking is the only way to keep that error out of a visitor's console.
 */
export function AuthProvider({ children, enabled = true }: { children: ReactNode; enabled?: boolean }) {
  const queryClient = useQueryClient();
  const { data, isLoading, error } = useQuery<CurrentUser | null>({
    queryKey: CURRENT_USER_KEY,
    queryFn: async ({ signal }) => {
      const user = await readCurrentUser(signal);
      if (user === null) dropSignedInHint();
      return user;
    },
    enabled,
  });

  const refreshUser = useCallback(
    () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY, refetchType: "all" }),
    [queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await api(authEndpoints.logout);
    } catch (err) {
      // An expired session is as good as a logout; anything else leaves the user signed in, so say so.
      if (!(err instanceof ApiError && err.status === 401)) {
        toast({ title: "Error", description: normalizeError(err), variant: "destructive" });
        return;
      }
    }
    // A full load of "/" drops everything the page knew. Clearing the cache first made the still-mounted session
    // query ask again before the page went, a 401 in the console of every logout.
    window.location.href = "/";
  }, []);

  const value = useMemo<AuthState>(
    () => ({ user: data ?? null, isLoading, error: error ?? null, refreshUser, logout }),
    [data, isLoading, error, refreshUser, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error("useAuth must be used inside AuthProvider");
  return state;
}
