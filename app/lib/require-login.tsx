import { useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { api } from "./api";
import { type StoredUser, clearSession, getToken, storeSession } from "./auth-storage";

type Status = "checking" | "allowed";

/**
 * Spec §4 hand-over: the server verifies the token (ours or the sister
 * platform's) and the user against its subject before anything is stored;
 * then both parameters leave the address and the page reloads.
 */
async function completeHandover(url: URL) {
  const token = url.searchParams.get("token") ?? "";
  const user = url.searchParams.get("user") ?? "";
  try {
    const session = await api<{ token: string; user: StoredUser }>("/api/auth/handover", {
      method: "POST",
      body: { token, user },
      on401: "throw",
    });
    storeSession(session.token, session.user);
    url.searchParams.delete("token");
    url.searchParams.delete("user");
    window.location.replace(`${url.pathname}${url.search}${url.hash}`);
  } catch (error) {
    console.log("Sign-in hand-over failed", error);
    window.location.assign("/login");
  }
}

/** Spec §2 access rule: hand-over parameters, else a token in storage, else /login with a redirect back. */
export function useRequireLogin(): Status {
  const navigate = useNavigate();
  const [status, setStatus] = useState<Status>("checking");
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.has("token") && url.searchParams.has("user")) {
      void completeHandover(url);
      return;
    }
    if (getToken()) {
      setStatus("allowed");
      return;
    }
    navigate(`/login?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`, { replace: true });
  }, [navigate]);
  return status;
}

/** Renders its children only once the access rule allows them. */
export function RequireLogin({ children }: { children: React.ReactNode }) {
  const status = useRequireLogin();
  if (status === "checking") {
    return (
      <main id="main" className="container page">
        <p className="muted" role="status">
          Loading...
        </p>
      </main>
    );
  }
  return <>{children}</>;
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
