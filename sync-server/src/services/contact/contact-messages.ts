import type { Knex } from "knex";
import {
  CONTACT_MESSAGES_PER_PAGE,
  type ContactMessageListQuery,
  type ContactMessageRecord,
} from "@car-rental/shared/schemas/contact";
import { NotFound } from "../../errors";

export const CONTACT_MESSAGE_NOT_FOUND = "Message not found";

type ContactMessageRow = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  subject: string | null;
  message: string;
  created_at: Date;
};

const COLUMNS = [
  "id",
  "first_name",
  "last_name",
  "email",
  "phone",
  "subject",
  "message",
  "created_at",
] as const;

function toContactMessageRecord(row: ContactMessageRow): ContactMessageRecord {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * The contact messages, newest first, a page at a time (the index
 * `contact_messages_newest_first` answers it without sorting the table).
 */
export async function listContactMessages(
  db: Knex,
  query: ContactMessageListQuery,
): Promise<ContactMessageRecord[]> {
  const rows: ContactMessageRow[] = await db<ContactMessageRow>("contact_messages")
    .select(...COLUMNS)
    .orderBy([
      { column: "created_at", order: "desc" },
      { column: "id", order: "desc" },
    ])
    .limit(query.limit ?? CONTACT_MESSAGES_PER_PAGE)
    .offset(query.offset ?? 0);
  return rows.map(toContactMessageRecord);
}

/** One contact message. @throws NotFound (404) when there is none with this id. */
export async function getContactMessage(db: Knex, id: string): Promise<ContactMessageRecord> {
  const row: ContactMessageRow | undefined = await db<ContactMessageRow>("contact_messages")
    .select(...COLUMNS)
    .where({ id })
    .first();
  if (!row) throw new NotFound(CONTACT_MESSAGE_NOT_FOUND);
  return toContactMessageRecord(row);
}
