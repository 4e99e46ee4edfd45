/**
 * The admin session as the UI sees it (decisions.md "Admin access is enforced
 * by the server"): the local flag says "show the dashboard now, from the
 * cache"; the server's answer (checked when online) and any 401 of a sync or
 * a queued change say "sign in again", without losing what is queued.
 */
import { useEffect } from "react";
import { adminAccess } from "@car-rental/shared/messages";
import { useAdminSyncState } from "../../../data/admin-data";
import { clearAdminData, markAdminNeedsAuth } from "../../../data/admin-sync";
import { adminApi as api } from "../../../data/admin-api";
import { ApiError, describeError, NetworkError } from "../../../data/api-client";
import { resumeAfterSignIn } from "../../../data/sync-engine";
import { clearLogoutPending, markLogoutPending } from "../../../lib/pending-logout";
import { useAdminFlag, writeAdminFlag } from "./admin-flag";
import { showAdminError, showToast } from "../../../lib/toast";

/** Shown when signing in is impossible because there is no connection. */
export const SIGN_IN_OFFLINE = "You are offline. Connect to the internet to sign in.";
/** Online, but the sign-in got no answer (a poor connection): trying again is safe. */
export const SIGN_IN_NO_ANSWER =
  "No answer from the server (the connection is poor, or its answer was lost). Please try again.";

export type SignInResult = { ok: true } | { ok: false; message: string };

/** Signs in with the server; on success sets the flag and lets the paused outbox go. */
export async function signIn(password: string): Promise<SignInResult> {
  // The new session replaces the cookie of any logout still waiting to reach the server.
  clearLogoutPending();
  try {
    await api.call("adminLogin", { body: { password } });
  } catch (error) {
    const offline = navigator.onLine === false;
    const message =
      error instanceof ApiError && error.status === 401
        ? adminAccess.incorrectPassword
        : error instanceof NetworkError
          ? offline
            ? SIGN_IN_OFFLINE
            : SIGN_IN_NO_ANSWER
          : describeError(error, adminAccess.incorrectPassword);
    // The gate shows the message inline; the toast names the outcome only, so the text appears once.
    // Without a connection nothing was denied: the toast says what happened instead.
    showToast(
      error instanceof NetworkError ? { title: offline ? "No Connection" : "No Answer" } : adminAccess.denied,
      "error",
    );
    return { ok: false, message };
  }
  writeAdminFlag(true);
  showToast(adminAccess.granted, "success");
  // Sends what waited for the sign-in, then pulls the lists.
  void resumeAfterSignIn().catch((error: unknown) => console.error("Resuming the outbox failed", error));
  return { ok: true };
}

/** How long Log out waits for the server on a poor connection before ending the session later. */
const SIGN_OUT_WAIT_MS = 8_000;

/**
 * Logs out: ends the server session (when reachable within SIGN_OUT_WAIT_MS),
 * clears the flag and the cached admin data, including changes still queued
 * (the caller warns first).
 */
export async function signOut(): Promise<void> {
  try {
    await api.call("adminLogout", { signal: AbortSignal.timeout(SIGN_OUT_WAIT_MS) });
  } catch (error) {
    // Offline or a failing server: the session is ended as soon as a page reaches the server
    // again. A 401 means it was already over.
    if (!(error instanceof ApiError && error.status === 401)) markLogoutPending();
  }
  writeAdminFlag(false);
  try {
    await clearAdminData();
  } catch (error) {
    showAdminError(error instanceof Error ? error.message : String(error));
  }
  showToast(adminAccess.loggedOut, "info");
}

export type AdminSessionView = {
  /** The flag is set and nothing says the session is gone: show the dashboard. */
  showDashboard: boolean;
  /** The flag is set but the server wants a sign-in: the gate shows, queued changes wait. */
  sessionExpired: boolean;
};

export function useAdminSession(): AdminSessionView {
  const flag = useAdminFlag();
  const syncState = useAdminSyncState();
  const needsAuth = syncState?.auth === "needs_auth";

  // Restored from the flag: verify with the server when online (offline, keep working).
  useEffect(() => {
    if (!flag || !navigator.onLine) return;
    let cancelled = false;
    api
      .call("adminSession", {})
      .then(async (session) => {
        if (!cancelled && !session.authenticated) await markAdminNeedsAuth();
      })
      .catch(() => {
        // No answer: keep the cached dashboard; a later call tells.
      });
    return () => {
      cancelled = true;
    };
  }, [flag]);

  return { showDashboard: flag && !needsAuth, sessionExpired: flag && needsAuth };
}
