import type { Knex } from "knex";
import webPush from "web-push";

export type VapidKeys = { publicKey: string; privateKey: string };

const SETTING_KEY = "vapid_keys";
const known = new WeakMap<Knex, VapidKeys>();

function parseKeys(value: string): VapidKeys | null {
  try {
    const parsed: unknown = JSON.parse(value);
    if (
      typeof parsed === "object" &&
      parsed !== null &&
      "publicKey" in parsed &&
      "privateKey" in parsed &&
      typeof parsed.publicKey === "string" &&
      typeof parsed.privateKey === "string"
    ) {
      return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
    }
  } catch {
    // Not JSON: treated as absent below, which fails loudly.
  }
  return null;
}

/**
 * The server's VAPID key pair (release-2 §D4): generated at first use and
 * stored, so every subscription keeps working across restarts and across
 * server processes. Two processes generating at once: the first insert wins
 * and both read it back.
 */
export async function vapidKeys(knex: Knex): Promise<VapidKeys> {
  const cached = known.get(knex);
  if (cached) return cached;
  const generated = webPush.generateVAPIDKeys();
  await knex("app_settings")
    .insert({ key: SETTING_KEY, value: JSON.stringify(generated), updated_at: knex.fn.now() })
    .onConflict("key")
    .ignore();
  const row = await knex("app_settings").where({ key: SETTING_KEY }).first<{ value: string } | undefined>();
  const keys = row ? parseKeys(row.value) : null;
  if (!keys) throw new Error("The stored VAPID keys are unreadable");
  known.set(knex, keys);
  return keys;
}
