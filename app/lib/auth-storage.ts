/**
 * Browser storage of spec §3/§4: being logged in means a token exists. A login
 * without "remember me" keeps the session in sessionStorage (ends with the tab);
 * otherwise localStorage. Readers look in both.
 */
export const TOKEN_KEY = "tripbazaar_token";
export const USER_KEY = "tripbazaar_user";

export type StoredUser = { id?: string; name?: string; email: string; role: string; isVerified: boolean };

function read(key: string): string | null {
  try {
    return localStorage.getItem(key) ?? sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return read(TOKEN_KEY);
}

export function getStoredUser(): StoredUser | null {
  try {
    const raw = read(USER_KEY);
    return raw ? (JSON.parse(raw) as StoredUser) : null;
  } catch {
    return null;
  }
}

export function storeSession(token: string, user: StoredUser, { remember = true } = {}) {
  clearSession();
  const store = remember ? localStorage : sessionStorage;
  store.setItem(TOKEN_KEY, token);
  store.setItem(USER_KEY, JSON.stringify(user));
}

/** Keeps the session where it is, with a new token (after a password change) or user record (after a profile edit). */
export function updateSession(patch: { token?: string; user?: Partial<StoredUser> }) {
  const store = localStorage.getItem(TOKEN_KEY) ? localStorage : sessionStorage;
  if (patch.token) store.setItem(TOKEN_KEY, patch.token);
  const user = getStoredUser();
  if (patch.user && user) store.setItem(USER_KEY, JSON.stringify({ ...user, ...patch.user }));
}

export function clearSession() {
  try {
    for (const store of [localStorage, sessionStorage]) {
      store.removeItem(TOKEN_KEY);
      store.removeItem(USER_KEY);
    }
  } catch {}
}
