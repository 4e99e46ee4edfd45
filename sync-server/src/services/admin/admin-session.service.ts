import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import type { Knex } from "knex";
import { InvalidPassword, TooManyRequests } from "../../errors";
import type { Clock } from "../../clock";
import { hitRateLimit, peekRateLimit } from "../rate-limit.service";

const scryptAsync = promisify(scrypt);

export const SESSION_COOKIE = "admin_session";
/** An admin stays signed in for a week of inactivity: the tablet works offline for days. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Wrong passwords allowed per client address per window before 429. */
export const LOGIN_FAILURE_LIMIT = { limit: 10, windowSeconds: 15 * 60 };

const PASSWORD_HASH_KEY = "admin_password_hash";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

async function hashPassword(password: string, salt = randomBytes(16)): Promise<string> {
  const derived = await scryptAsync(password, salt, 32);
  if (!Buffer.isBuffer(derived)) throw new Error("scrypt returned no buffer");
  return `scrypt:${salt.toString("base64url")}:${derived.toString("base64url")}`;
}

async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, saltText, hashText] = stored.split(":");
  if (scheme !== "scrypt" || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, "base64url");
  const derived = await scryptAsync(password, Buffer.from(saltText, "base64url"), expected.length);
  return Buffer.isBuffer(derived) && derived.length === expected.length && timingSafeEqual(derived, expected);
}

/**
 * Makes sure an admin password exists. With ADMIN_PASSWORD configured its
 * hash replaces the stored one; with neither, a random password is created,
 * only its hash stored, and the password returned once so start-up can print it.
 */
export async function ensureAdminPassword(
  knex: Knex,
  configured: string | undefined,
): Promise<{ generatedPassword?: string; source: "config" | "stored" | "generated" }> {
  if (configured) {
    const stored = await knex("app_settings")
      .where({ key: PASSWORD_HASH_KEY })
      .first<{ value: string } | undefined>();
    if (!stored || !(await verifyPassword(configured, stored.value))) {
      await upsertSetting(knex, PASSWORD_HASH_KEY, await hashPassword(configured));
    }
    return { source: "config" };
  }
  const stored = await knex("app_settings").where({ key: PASSWORD_HASH_KEY }).first();
  if (stored) return { source: "stored" };
  const generatedPassword = randomBytes(12).toString("base64url");
  // Insert-if-absent in one statement: when several processes start at once on a
  // fresh database, exactly one row wins and only its process prints its password.
  const inserted: unknown[] = await knex("app_settings")
    .insert({
      key: PASSWORD_HASH_KEY,
      value: await hashPassword(generatedPassword),
      updated_at: knex.fn.now(),
    })
    .onConflict("key")
    .ignore()
    .returning("key");
  if (inserted.length === 0) return { source: "stored" };
  return { generatedPassword, source: "generated" };
}

async function upsertSetting(knex: Knex, key: string, value: string): Promise<void> {
  await knex("app_settings")
    .insert({ key, value, updated_at: knex.fn.now() })
    .onConflict("key")
    .merge(["value", "updated_at"]);
}

/**
 * Checks the password and opens a session. Wrong passwords count against the
 * client address; past the limit (times `rateLimitScale`, config
 * RATE_LIMIT_SCALE) every attempt, right or wrong, gets 429.
 */
export async function login(
  knex: Knex,
  clock: Clock,
  password: string,
  clientKey: string,
  rateLimitScale = 1,
): Promise<{ token: string; expiresAt: Date }> {
  const now = clock.now();
  const limitKey = `login-failures:${clientKey}`;
  const current = await peekRateLimit(knex, limitKey, LOGIN_FAILURE_LIMIT, now, rateLimitScale);
  if (!current.allowed) throw new TooManyRequests(current.retryAfterSeconds);

  const stored = await knex("app_settings")
    .where({ key: PASSWORD_HASH_KEY })
    .first<{ value: string } | undefined>();
  if (!stored || !(await verifyPassword(password, stored.value))) {
    const hit = await hitRateLimit(knex, limitKey, LOGIN_FAILURE_LIMIT, now, rateLimitScale);
    if (!hit.allowed) throw new TooManyRequests(hit.retryAfterSeconds);
    throw new InvalidPassword();
  }
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await knex("admin_sessions").insert({
    token_hash: sha256(token),
    created_at: now,
    expires_at: expiresAt,
    last_seen_at: now,
  });
  return { token, expiresAt };
}

/** The session of a cookie token, extended on use; null when unknown or expired. */
export async function readSession(
  knex: Knex,
  clock: Clock,
  token: string | undefined,
): Promise<{ expiresAt: Date } | null> {
  if (!token) return null;
  const now = clock.now();
  const row = await knex("admin_sessions")
    .where({ token_hash: sha256(token) })
    .where("expires_at", ">", now)
    .first<{ expires_at: Date | string; last_seen_at: Date | string } | undefined>();
  if (!row) return null;
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  // Slide the expiry at most once a minute: a busy admin does not write on every read.
  if (now.getTime() - new Date(row.last_seen_at).getTime() > 60_000) {
    await knex("admin_sessions")
      .where({ token_hash: sha256(token) })
      .update({ last_seen_at: now, expires_at: expiresAt });
    return { expiresAt };
  }
  return { expiresAt: new Date(row.expires_at) };
}

export async function logout(knex: Knex, token: string | undefined): Promise<void> {
  if (!token) return;
  await knex("admin_sessions")
    .where({ token_hash: sha256(token) })
    .delete();
}

export async function pruneSessions(knex: Knex, now: Date): Promise<void> {
  await knex("admin_sessions").where("expires_at", "<=", now).delete();
}
