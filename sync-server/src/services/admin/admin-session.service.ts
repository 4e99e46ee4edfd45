import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import type { Knex } from "knex";
import { InvalidPassword, PasswordTooWeak, TooManyRequests } from "../../errors";
import type { Clock } from "../../clock";
import { hitRateLimit, releaseRateLimitHit } from "../rate-limit.service";
import { isStrongPassword } from "./password-strength";

const scryptAsync = promisify(scrypt);

/** The session cookie over plain http (development, tests). */
export const SESSION_COOKIE = "admin_session";
/** The session cookie over https: the browser only accepts it Secure, for Path=/, without a Domain. */
export const SECURE_SESSION_COOKIE = "__Host-admin_session";
/** The long-lived signed device cookie a browser gets after a successful sign-in (OWASP device cookies). */
export const DEVICE_COOKIE = "admin_device";
export const SECURE_DEVICE_COOKIE = "__Host-admin_device";
/** An admin stays signed in for a week of inactivity: the tablet works offline for days. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** …but never longer than 30 days after signing in, however active (release-2 A2). */
export const SESSION_ABSOLUTE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long a device cookie is good for. */
export const DEVICE_COOKIE_TTL_MS = 365 * 24 * 60 * 60 * 1000;
/**
 * Wrong passwords allowed per window before 429: per device for a browser
 * with a valid device cookie, otherwise per client address.
 */
export const LOGIN_FAILURE_LIMIT = { limit: 10, windowSeconds: 15 * 60 };

const PASSWORD_HASH_KEY = "admin_password_hash";
/** Hash of the ADMIN_PASSWORD value last applied: tells a changed env var from an unchanged one. */
const CONFIGURED_PASSWORD_HASH_KEY = "admin_password_config_hash";
const DEVICE_SECRET_KEY = "device_cookie_secret";

/** Words a shop password must not be built from, on top of the common-password lists. */
const SHOP_WORDS = ["alaminos", "car", "rental", "admin", "password", "pangasinan"];

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

async function readSetting(knex: Knex, key: string): Promise<string | undefined> {
  const row = await knex("app_settings").where({ key }).first<{ value: string } | undefined>();
  return row?.value;
}

async function upsertSetting(knex: Knex, key: string, value: string): Promise<void> {
  await knex("app_settings")
    .insert({ key, value, updated_at: knex.fn.now() })
    .onConflict("key")
    .merge(["value", "updated_at"]);
}

export type PasswordSource = "config" | "changed-in-app" | "stored" | "generated";

/**
 * Makes sure an admin password exists.
 *
 * With ADMIN_PASSWORD configured: a password changed in the app (Settings →
 * Change password) wins over the variable until the variable's value
 * changes. The hash of the value last applied is stored; a start with a new
 * value applies it (and ends every session), a start with the same value
 * keeps whatever password is current. Without ADMIN_PASSWORD, the stored
 * password stays; with neither, a random 24-character password is created,
 * only its hash stored, and it is returned once so start-up can print it.
 */
export async function ensureAdminPassword(
  knex: Knex,
  configured: string | undefined,
): Promise<{ generatedPassword?: string; source: PasswordSource }> {
  const stored = await readSetting(knex, PASSWORD_HASH_KEY);
  if (configured) {
    const lastApplied = await readSetting(knex, CONFIGURED_PASSWORD_HASH_KEY);
    if (stored && lastApplied && (await verifyPassword(configured, lastApplied))) {
      return { source: (await verifyPassword(configured, stored)) ? "config" : "changed-in-app" };
    }
    const hash = await hashPassword(configured);
    const replaced = stored !== undefined && !(await verifyPassword(configured, stored));
    await knex.transaction(async (trx) => {
      await upsertSetting(trx, PASSWORD_HASH_KEY, hash);
      await upsertSetting(trx, CONFIGURED_PASSWORD_HASH_KEY, hash);
      // A new password ends the sessions the old one opened.
      if (replaced) await trx("admin_sessions").delete();
    });
    return { source: "config" };
  }
  if (stored) return { source: "stored" };
  const generatedPassword = randomBytes(18).toString("base64url");
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

/** The key of the secret device cookies are signed with: SESSION_SECRET, else one generated and stored once. */
export async function deviceCookieSecret(knex: Knex, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const existing = await readSetting(knex, DEVICE_SECRET_KEY);
  if (existing) return existing;
  await knex("app_settings")
    .insert({ key: DEVICE_SECRET_KEY, value: randomBytes(32).toString("base64url") })
    .onConflict("key")
    .ignore();
  // Another process may have won the insert: everyone signs with the stored one.
  const stored = await readSetting(knex, DEVICE_SECRET_KEY);
  if (!stored) throw new Error("device cookie secret was not stored");
  return stored;
}

const signDevice = (secret: string, payload: string) =>
  createHmac("sha256", secret).update(`device:${payload}`).digest("base64url");

/** A new device cookie value: `<device id>.<issued at ms>.<HMAC>`. */
export function issueDeviceCookie(secret: string, now: Date): string {
  const payload = `${randomBytes(16).toString("base64url")}.${now.getTime()}`;
  return `${payload}.${signDevice(secret, payload)}`;
}

/** The device id of a valid, unexpired device cookie; null for anything else. */
export function verifyDeviceCookie(secret: string, value: string | undefined, now: Date): string | null {
  const match = /^([A-Za-z0-9_-]{22})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(value ?? "");
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const expected = Buffer.from(signDevice(secret, `${match[1]}.${match[2]}`));
  const actual = Buffer.from(match[3]);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  if (now.getTime() - Number(match[2]) > DEVICE_COOKIE_TTL_MS) return null;
  return match[1];
}

/**
 * Who a sign-in attempt is counted against: a browser with a valid device
 * cookie is limited per device (someone else guessing from the same mobile
 * network address cannot lock the owner out), anything else per address.
 */
export const attemptLimitKey = (deviceId: string | null, clientAddress: string): string =>
  deviceId ? `device:${deviceId}` : `address:${clientAddress}`;

/**
 * Reserves one attempt against `limitKey` before the password is checked,
 * in its own statement (never inside a request transaction, so it cannot be
 * rolled back): of N attempts sent at once, at most the limit get a password
 * check, the rest 429. A right password gives its reservation back.
 */
async function checkPasswordCounted(
  knex: Knex,
  now: Date,
  password: string,
  limitKey: string,
  rateLimitScale: number,
): Promise<void> {
  const key = `login-failures:${limitKey}`;
  const hit = await hitRateLimit(knex, key, LOGIN_FAILURE_LIMIT, now, rateLimitScale);
  if (!hit.allowed) throw new TooManyRequests(hit.retryAfterSeconds);
  const stored = await readSetting(knex, PASSWORD_HASH_KEY);
  if (!stored || !(await verifyPassword(password, stored))) throw new InvalidPassword();
  await releaseRateLimitHit(knex, key, LOGIN_FAILURE_LIMIT, now);
}

/**
 * Checks the password and opens a session. Every attempt counts against
 * `limitKey` (see attemptLimitKey) until the password proves right; past the
 * limit (times `rateLimitScale`, config RATE_LIMIT_SCALE) every attempt,
 * right or wrong, gets 429.
 * @param knex the shared pool, never a request transaction.
 */
export async function login(
  knex: Knex,
  clock: Clock,
  password: string,
  limitKey: string,
  rateLimitScale = 1,
): Promise<{ token: string; expiresAt: Date }> {
  const now = clock.now();
  await checkPasswordCounted(knex, now, password, limitKey, rateLimitScale);
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

/**
 * Changes the admin password: the current one must be right (a wrong one
 * counts as a failed sign-in against `limitKey`), the new one strong enough
 * (PasswordTooWeak). Ends every session except `currentToken`'s.
 * @param knex the shared pool, never a request transaction.
 */
export async function changePassword(
  knex: Knex,
  clock: Clock,
  input: { currentPassword: string; newPassword: string },
  currentToken: string,
  limitKey: string,
  rateLimitScale = 1,
): Promise<void> {
  await checkPasswordCounted(knex, clock.now(), input.currentPassword, limitKey, rateLimitScale);
  if (!isStrongPassword(input.newPassword, SHOP_WORDS)) throw new PasswordTooWeak();
  const hash = await hashPassword(input.newPassword);
  await knex.transaction(async (trx) => {
    await upsertSetting(trx, PASSWORD_HASH_KEY, hash);
    await trx("admin_sessions")
      .whereNot({ token_hash: sha256(currentToken) })
      .delete();
  });
}

/**
 * The session of a cookie token, extended on use (by a week, never past 30
 * days after sign-in); null when unknown or expired.
 */
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
    .where("created_at", ">", new Date(now.getTime() - SESSION_ABSOLUTE_TTL_MS))
    .first<
      { expires_at: Date | string; last_seen_at: Date | string; created_at: Date | string } | undefined
    >();
  if (!row) return null;
  const absoluteEnd = new Date(row.created_at).getTime() + SESSION_ABSOLUTE_TTL_MS;
  const expiresAt = new Date(Math.min(now.getTime() + SESSION_TTL_MS, absoluteEnd));
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
  await knex("admin_sessions")
    .where("expires_at", "<=", now)
    .orWhere("created_at", "<=", new Date(now.getTime() - SESSION_ABSOLUTE_TTL_MS))
    .delete();
}
