import type { Knex } from "knex";
import type { AppDeps } from "../deps";
import { inTransaction, NOT_WAITING_FOR_DISK, runNotWaitingForDisk } from "../services/in-transaction";

export type MailKind = "booking-confirmation" | "booking-notice" | "contact-notice" | (string & {});

/** A file sent with a mail (e.g. a booking's `.ics`); text content only. */
export type MailAttachment = { filename: string; contentType: string; content: string };

export type QueuedMail = {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html?: string | null | undefined;
  bookingId?: string | null | undefined;
  attachments?: MailAttachment[] | undefined;
};

type OutboxRow = {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: MailAttachment[] | null;
  attempts: number;
};

/** First retry after 5 s, doubling each time, never more than 15 minutes apart. */
export const MAIL_RETRY_BASE_MS = 5_000;
export const MAIL_RETRY_MAX_MS = 15 * 60 * 1000;
/**
 * A claimed mail is someone else's to retry once this passes (a process died
 * while sending it). Mails are claimed one at a time, right before each is
 * sent, so the lease only covers one SMTP exchange, never a whole round, and
 * the process sending it renews the lease every third of it until the server
 * has answered (keepClaimed): however long one exchange takes, no other
 * process sends that mail while this one lives.
 */
export const MAIL_CLAIM_LEASE_MS = 5 * 60 * 1000;
const MAX_PER_ROUND = 200;

export function mailRetryDelayMs(attempts: number): number {
  return Math.min(MAIL_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), MAIL_RETRY_MAX_MS);
}

/** Mails one address may receive from the shop in 24 hours; the owner's own address is exempt (release 2 A4). */
export const MAIL_DAILY_LIMIT_PER_ADDRESS = 5;

export type EnqueueOptions = {
  /** The owner's own address (`config.businessEmail`): never limited. */
  ownerAddress?: string | undefined;
};

/**
 * Queues a mail. Pass the transaction that writes what the mail is about
 * (e.g. the booking), so the mail exists exactly when that does (it runs in
 * that transaction as it is, no savepoint).
 *
 * No address receives more than MAIL_DAILY_LIMIT_PER_ADDRESS mails in 24
 * hours (a rolling window), except `ownerAddress`: a mail over the limit is
 * DROPPED, not delayed, but kept in the outbox with `suppressed_at` set as
 * the record of it. What the mail is about (the booking) is never refused for
 * it. Counting takes an advisory lock per address until the caller's
 * transaction ends, so parallel enqueues cannot both take the last place.
 * @param now when it becomes due (pass `deps.clock.now()`); the database's now by default.
 * @returns the outbox id.
 */
export async function enqueueMail(
  db: Knex | Knex.Transaction,
  mail: QueuedMail,
  now?: Date,
  options: EnqueueOptions = {},
): Promise<string> {
  const [id] = await enqueueMails(db, [mail], now, options);
  if (id === undefined) throw new Error("the mail was not queued");
  return id;
}

/**
 * Queues several mails about one thing (a booking's confirmation and the
 * owner's notice), as enqueueMail does each: in one statement when they go
 * to different addresses, else one each, in order, in one transaction.
 * @returns the outbox ids, in the order of `mails`.
 */
export async function enqueueMails(
  db: Knex | Knex.Transaction,
  mails: QueuedMail[],
  now?: Date,
  options: EnqueueOptions = {},
): Promise<string[]> {
  if (mails.length === 0) return [];
  const owner = ownerOf(options);
  const limited = mails.map((mail) => limitedAddress(mail, owner)).filter((a): a is string => a !== null);
  if (new Set(limited).size < limited.length) {
    // Two mails to one limited address: one statement each, in order, so the second counts the first.
    return inTransaction(db, async (trx) => {
      const ids: string[] = [];
      for (const mail of mails) ids.push(...(await insertMails(trx, [mail], now, options)));
      return ids;
    });
  }
  return insertMails(db, mails, now, options);
}

async function insertMails(
  db: Knex | Knex.Transaction,
  mails: QueuedMail[],
  now: Date | undefined,
  options: EnqueueOptions,
): Promise<string[]> {
  const insert = insertMailsSql(mails, now, options);
  const inserted = await db.raw<{ rows: { id: string | number }[] }>(insert.sql, insert.bindings);
  // The ids come from the outbox's sequence, so in the order the mails were stored.
  return inserted.rows.map((row) => String(row.id)).sort((a, b) => Number(a) - Number(b));
}

const ownerOf = (options: EnqueueOptions) => options.ownerAddress?.trim().toLowerCase();

/** The address a mail counts against (lower-cased), or null for the owner's own. */
function limitedAddress(mail: QueuedMail, owner: string | undefined): string | null {
  const address = mail.to.trim().toLowerCase();
  return address === owner ? null : address;
}

/**
 * enqueueMails's one statement (an INSERT ... RETURNING id) for mails to
 * different addresses, for a caller that sends it with more (e.g. as the main
 * statement after a data-modifying CTE). Each limited mail takes its
 * address's lock and counts (mail_recipient_count, migration
 * 2026-11-28-01-00-00) in the statement that stores it: a count run while
 * the statement stores rows may or may not see its earlier rows, so two mails
 * to one limited address must go in two statements (enqueueMails does).
 * @throws Error when `mails` is empty or names a limited address twice.
 */
export function insertMailsSql(
  mails: QueuedMail[],
  now?: Date,
  options: EnqueueOptions = {},
): { sql: string; bindings: Knex.RawBinding[] } {
  const owner = ownerOf(options);
  const addresses = mails.map((mail) => limitedAddress(mail, owner));
  const limited = addresses.filter((a) => a !== null);
  if (mails.length === 0 || new Set(limited).size < limited.length) {
    throw new Error("insertMailsSql takes one or more mails, to different limited addresses");
  }
  const rows = mails.map((mail, order) => ({
    order,
    kind: mail.kind,
    to_address: mail.to,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html ?? null,
    booking_id: mail.bookingId ?? null,
    attachments: mail.attachments?.length ? mail.attachments : null,
    address: addresses[order] ?? null,
  }));
  const at = now ?? null;
  // In the caller's transaction as it is. A limited mail is suppressed when its address's count (after
  // the address's lock) has reached the limit.
  return {
    sql: `insert into mail_outbox (kind, to_address, subject, text_body, html_body, booking_id, attachments,
                                   next_attempt_at, created_at, suppressed_at)
          select m.kind, m.to_address, m.subject, m.text_body, m.html_body, m.booking_id, m.attachments,
                 coalesce(?::timestamptz, now()), coalesce(?::timestamptz, now()),
                 case when m.address is not null
                       and mail_recipient_count(m.address, coalesce(?::timestamptz, now()) - interval '1 day') >= ?
                      then coalesce(?::timestamptz, now()) end
            from json_to_recordset(?::json) as m("order" int, kind text, to_address text, subject text,
                                                 text_body text, html_body text, booking_id uuid,
                                                 attachments jsonb, address text)
           order by m."order"
          returning id`,
    bindings: [at, at, at, MAIL_DAILY_LIMIT_PER_ADDRESS, at, JSON.stringify(rows)],
  };
}

/** The claim of the next due mail other than `?` (none: null), after FROM items of `from`. */
const claimNextSql = (from: string) => `update mail_outbox set next_attempt_at = ?
  ${from}
  where id in (select id from mail_outbox
                where sent_at is null and suppressed_at is null and next_attempt_at <= ?
                  and id is distinct from ?
                order by next_attempt_at, id limit 1
                for update skip locked)
  returning id, kind, to_address, subject, text_body, html_body, attachments, attempts`;
const CLAIM_NEXT_NOT_WAITING_FOR_DISK = claimNextSql(`from ${NOT_WAITING_FOR_DISK}`);
const MARK_SENT_AND_CLAIM_NEXT = `with sent as (update mail_outbox set sent_at = ?, last_error = null where id = ?)
  ${claimNextSql("")}`;

async function markSent(knex: Knex, sent: { id: string; at: Date }): Promise<void> {
  await knex("mail_outbox").where({ id: sent.id }).update({ sent_at: sent.at, last_error: null });
}

/**
 * Claims the next due mail: locks it with SKIP LOCKED (so processes running
 * this side by side never take the same mail) and moves its next attempt past
 * the lease, in one statement, which lets go of the lock before it is sent.
 * One at a time: a claimed mail is sent at once, so a slow mail server cannot
 * outlast the lease of mails still waiting in this process (another process
 * would take and send them too).
 *
 * `sent` is the mail this process has just sent: the same statement marks it
 * sent (never claiming it again), and commits synchronously, since a mark
 * lost in a crash would send the mail twice. Without one, the claim commits
 * without waiting for the disk: a claim lost in a crash leaves the mail due,
 * to be claimed again.
 */
async function claimNext(
  knex: Knex,
  now: Date,
  leaseMs: number,
  sent: { id: string; at: Date } | null,
): Promise<OutboxRow[]> {
  const lease = new Date(now.getTime() + leaseMs);
  if (!sent) {
    return (await runNotWaitingForDisk<OutboxRow>(knex, CLAIM_NEXT_NOT_WAITING_FOR_DISK, [lease, now, null]))
      .rows;
  }
  try {
    const claimed = await knex.raw<{ rows: OutboxRow[] }>(MARK_SENT_AND_CLAIM_NEXT, [
      sent.at,
      sent.id,
      lease,
      now,
      sent.id,
    ]);
    return claimed.rows;
  } catch (error) {
    // The mark must not be lost with the claim (the mail would go out again): it goes alone.
    await markSent(knex, sent);
    throw error;
  }
}

/**
 * One delivery round of the mail outbox: sends every due mail and marks it
 * sent (with the claim of the next one: one statement per mail); a failure
 * counts an attempt, keeps the error and schedules the next try with
 * exponential backoff. A mail is never dropped. Returns how many were sent.
 */
export async function deliverDueMail(
  deps: Pick<AppDeps, "db" | "mailer" | "clock" | "logger">,
  leaseMs = MAIL_CLAIM_LEASE_MS,
): Promise<number> {
  const knex = deps.db.knex;
  let sent = 0;
  let handled = 0;
  /** The mail sent last, to be marked sent by the next statement. */
  let justSent: { id: string; at: Date } | null = null;
  while (handled < MAX_PER_ROUND) {
    const rows = await claimNext(knex, deps.clock.now(), leaseMs, justSent);
    justSent = null;
    const row = rows[0];
    if (!row) break;
    handled += 1;
    const claim = keepClaimed(deps, row.id, leaseMs);
    try {
      await deps.mailer.send({
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        ...(row.attachments?.length ? { attachments: row.attachments } : {}),
      });
    } catch (err) {
      await claim.release();
      const attempts = row.attempts + 1;
      const message = err instanceof Error ? err.message : String(err);
      await knex("mail_outbox")
        .where({ id: row.id })
        .update({
          attempts,
          last_error: message.slice(0, 2000),
          next_attempt_at: new Date(deps.clock.now().getTime() + mailRetryDelayMs(attempts)),
        });
      deps.logger.warn(
        { mailId: row.id, kind: row.kind, attempts, err: message },
        "mail not sent; will retry",
      );
      continue;
    }
    await claim.release();
    justSent = { id: row.id, at: deps.clock.now() };
    sent += 1;
  }
  // The round's limit reached: the last mail's mark goes alone.
  if (justSent) await markSent(knex, justSent);
  return sent;
}

/**
 * Renews the lease of a mail being sent, every third of the lease, until
 * `release` (which waits for a renewal under way, so none lands after the
 * caller's own update). A mail server slower than the lease thus never lets
 * another process take the mail and send it again (release 2 B3); should this
 * process die, the renewals stop and the lease runs out as before.
 */
function keepClaimed(
  deps: Pick<AppDeps, "db" | "clock" | "logger">,
  id: string,
  leaseMs: number,
): { release(): Promise<void> } {
  let renewing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(
    () => {
      renewing = deps.db
        .knex("mail_outbox")
        .where({ id })
        .whereNull("sent_at")
        .update({ next_attempt_at: new Date(deps.clock.now().getTime() + leaseMs) })
        .catch((err: unknown) => {
          deps.logger.warn(
            { mailId: id, err: err instanceof Error ? err.message : String(err) },
            "mail lease not renewed",
          );
        });
    },
    Math.max(1, Math.floor(leaseMs / 3)),
  );
  timer.unref();
  return {
    async release() {
      clearInterval(timer);
      await renewing;
    },
  };
}
