import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { api, safeRedirect } from "./api";
import { type StoredUser, clearSession, getToken, storeSession } from "./auth-storage";

/**
 * Spec §4 hand-over, completed on /handover: the server verifies the token (ours or the sister
 * platform's) and the user against its subject before anything is stored; then the browser goes
 * back to the page it was handed to, without the two parameters. On failure: a console log and /login.
 */
export async function completeHandover(token: string, user: string, back: string) {
  try {
    const session = await api<{ token: string; user: StoredUser }>("/api/auth/handover", {
      method: "POST",
      body: { token, user },
      on401: "throw",
    });
    storeSession(session.token, session.user);
    window.location.replace(safeRedirect(back));
  } catch (error) {
    console.log("Sign-in hand-over failed", error);
    window.location.assign("/login");
  }
}

/** Guest-only pages (spec §2: login, signup, reset-password): a signed-in visitor goes to /. */
export function useGuestOnly(enabled = true) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!enabled || !getToken()) return;
    // The edge sent us here from a login-required page (?redirect=): it saw no valid session
    // cookie, so the stored token is stale too. Sign in again rather than bounce to /.
    if (new URLSearchParams(window.location.search).has("redirect")) {
      clearSession();
      return;
    }
    navigate("/", { replace: true });
  }, [enabled, navigate]);
}
