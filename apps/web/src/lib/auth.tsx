/**
 * The signed-in session of SPEC 3 and 4.
 *
 * Browser storage holds `sessionToken` and `userData` ({ id, aadhaarId, phone, sessionToken,
 * name?, type? }; a demo user has name 'Demo User' and type 'demo'). On start both are restored
 * when both exist; user data that cannot be parsed removes both. `loading` is true until that
 * restore attempt is done, which first waits for the encrypted storage to open (both keys
 * are kept encrypted and read from memory once decrypted). Logout revokes the session on the API
 * (a failure is ignored), clears the session keys and deletes their encryption key (the theme and
 * language stay), empties the query cache and toasts 'Logged out successfully'.
 */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { api } from './api-client';
import { delay } from './delay';
import { markActive } from './device';
import { i18n } from './i18n';
import {
  clearSessionStorage,
  flushSecureStorage,
  openSecureStorage,
  readString,
  removeKeys,
  STORAGE_KEYS,
  writeJson,
  writeString,
} from './storage';
import { toast } from './toast';

/** The longest `login` waits for the encrypted session to be written (ms). */
export const LOGIN_SAVE_WAIT_MS = 2000;

/** SPEC 4: screens without a signed-in user show this sample user. */
export const DEFAULT_USER_ID = 'user-001';

/** The stored `userData` record (SPEC 3 "Signed-in user record"). */
export const userDataSchema = z.object({
  id: z.string().min(1),
  aadhaarId: z.string(),
  phone: z.string(),
  sessionToken: z.string().min(1),
  name: z.string().optional(),
  type: z.string().optional(),
});
export type UserData = z.infer<typeof userDataSchema>;

/** As stored: the token may live only under `sessionToken`. */
const storedUserDataSchema = userDataSchema.extend({ sessionToken: z.string().optional() });

/**
 * Reads the stored session (call after `openSecureStorage()` has finished). Both keys must exist; stored user data that is not JSON or not a
 * user record removes both keys (SPEC 4).
 * @returns the user, or null when signed out.
 */
export function restoreSession(): UserData | null {
  const token = readString(STORAGE_KEYS.sessionToken);
  const raw = readString(STORAGE_KEYS.userData);
  if (!token || !raw) return null;
  try {
    const parsed = storedUserDataSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return { ...parsed.data, sessionToken: token };
  } catch {
    // Not JSON: handled below like a record of the wrong shape.
  }
  removeKeys(STORAGE_KEYS.sessionToken, STORAGE_KEYS.userData);
  return null;
}

interface AuthContextValue {
  user: UserData | null;
  /** True until the stored session has been looked at. */
  loading: boolean;
  /**
   * Saves the session and toasts 'Login successful!'. Resolves once the session is stored (its
   * encrypted copy written, or after LOGIN_SAVE_WAIT_MS at most); `user` is set then.
   */
  login: (user: UserData) => Promise<void>;
  /**
   * Revokes and clears the session; toasts 'Logged out successfully'. Never rejects.
   * @param options.redirectTo where a protected screen sends the holder once signed out
   *   (default /login).
   */
  logout: (options?: { redirectTo?: string }) => Promise<void>;
  /** The `redirectTo` of the last logout, for the route guard; null otherwise. */
  signedOutTo: string | null;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Provides the session to the app; see the module docs. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<UserData | null>(null);
  const [loading, setLoading] = useState(true);
  const [signedOutTo, setSignedOutTo] = useState<string | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    let live = true;
    void openSecureStorage().then(() => {
      if (!live) return;
      setUser(restoreSession());
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, []);

  const login = useCallback(async (next: UserData) => {
    // A new session starts active (the idle lock counts the Session timeout from here).
    markActive();
    writeString(STORAGE_KEYS.sessionToken, next.sessionToken);
    writeJson(STORAGE_KEYS.userData, next);
    // The encrypted copy must be on disk before the app moves on, or a reload right after the
    // sign-in would find no session; a browser whose IndexedDB hangs is not waited for forever.
    await Promise.race([flushSecureStorage(), delay(LOGIN_SAVE_WAIT_MS)]);
    setSignedOutTo(null);
    setUser(next);
    toast.success(i18n.t('auth:toast.loginSuccess'));
  }, []);

  const logout = useCallback(
    async (options: { redirectTo?: string } = {}) => {
      try {
        await api.post('/api/auth/logout', undefined, { authRedirect: false });
      } catch {
        // SPEC 4: signing out works offline too; the server session then simply expires.
      }
      // The data is gone at once; the key's deletion from IndexedDB is not waited for.
      void clearSessionStorage();
      // The cache holds this holder's lists: the next holder on this browser must not see them.
      queryClient.clear();
      setSignedOutTo(options.redirectTo ?? null);
      setUser(null);
      toast.success(i18n.t('auth:toast.logoutSuccess'));
    },
    [queryClient],
  );

  return (
    <AuthContext.Provider value={{ user, loading, login, logout, signedOutTo }}>
      {children}
    </AuthContext.Provider>
  );
}

/** The session; throws outside AuthProvider (a wiring bug). */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}

/** The signed-in user's id, or DEFAULT_USER_ID (SPEC 4). */
export function useUserId(): string {
  return useAuth().user?.id ?? DEFAULT_USER_ID;
}

/** Asked before Sign Out; resolves false to stay signed in. */
export type SignOutGuard = () => Promise<boolean>;
let signOutGuard: SignOutGuard | null = null;

/**
 * Sets the question asked before Sign Out (the app frame's outbox: logout wipes changes
 * not yet synced, so it first tries to send them and asks the holder if some remain).
 * @returns a function that removes it again.
 */
export function setSignOutGuard(guard: SignOutGuard): () => void {
  signOutGuard = guard;
  return () => {
    if (signOutGuard === guard) signOutGuard = null;
  };
}

/**
 * Sign Out of the header and settings (SPEC 2): logs out, then goes to '/'. A protected screen's
 * guard sends the holder to '/' too (not /login), so the two agree whatever renders first.
 * A guard set with setSignOutGuard may keep the holder signed in (then nothing happens).
 */
export function useSignOut(): () => Promise<void> {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    if (signOutGuard && !(await signOutGuard())) return;
    await logout({ redirectTo: paths.home.getHref() });
    await navigate(paths.home.getHref());
  }, [logout, navigate]);
}
