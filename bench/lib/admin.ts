export const BENCH_ADMIN_PASSWORD = "bench-admin-password";

/** Signs in and returns the session cookie. */
export async function adminCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/admin/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ password: BENCH_ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`admin sign-in failed: ${res.status}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("admin_session="));
  if (!cookie) throw new Error("no admin cookie");
  return cookie.split(";")[0] ?? "";
}
