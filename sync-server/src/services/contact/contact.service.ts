import type { Knex } from "knex";
import type { ContactMessage } from "@car-rental/shared/schemas/contact";
import type { AppDeps } from "../../deps";
import { TooManyRequests } from "../../errors";
import { enqueueMail } from "../../mail/mail-outbox";
import { contactNoticeMail } from "../../mail/templates";
import { enqueuePush } from "../../push/push-outbox";
import { hitRateLimit, type RateLimit } from "../rate-limit.service";

/**
 * Contact messages per client address. Many customers of Philippine mobile
 * networks share one address (carrier-grade NAT), so the limit only stops floods.
 */
export const CONTACT_RATE_LIMIT: RateLimit = { limit: 60, windowSeconds: 10 * 60 };

/** Counts one contact message from `clientAddress`; past the limit, 429. */
export async function limitContactMessages(
  db: Knex,
  clientAddress: string,
  now: Date,
  scale = 1,
): Promise<void> {
  const hit = await hitRateLimit(db, `contact:${clientAddress}`, CONTACT_RATE_LIMIT, now, scale);
  if (!hit.allowed) throw new TooManyRequests(hit.retryAfterSeconds);
}

export type StoredContactMessage = { ok: true; id: string; createdAt: string };

/** Stores a contact message and queues its notice to the business, in one transaction. */
export async function sendContactMessage(
  deps: Pick<AppDeps, "clock" | "config">,
  db: Knex,
  message: ContactMessage,
): Promise<StoredContactMessage> {
  return db.transaction(async (trx) => {
    const now = deps.clock.now();
    const [row] = await trx("contact_messages")
      .insert({
        first_name: message.firstName,
        last_name: message.lastName,
        email: message.email,
        phone: message.phone,
        subject: message.subject,
        message: message.message,
        created_at: now,
      })
      .returning<{ id: string; created_at: Date }[]>(["id", "created_at"]);
    if (!row) throw new Error("insert returned no contact message");
    await enqueueMail(trx, contactNoticeMail(message, deps.config.businessEmail), now, {
      ownerAddress: deps.config.businessEmail,
    });
    await enqueuePush(
      trx,
      {
        kind: "contact-message",
        title: `Message from ${message.firstName} ${message.lastName}`,
        body: message.subject
          ? `${message.subject}: ${message.message}`.slice(0, 160)
          : message.message.slice(0, 160),
        url: `/admin/messages/${row.id}`,
        tag: `contact-${row.id}`,
      },
      now,
    );
    return { ok: true, id: row.id, createdAt: row.created_at.toISOString() };
  });
}
