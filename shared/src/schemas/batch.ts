/**
 * Several admin changes in one request (`POST /api/admin/batch`, issue #23):
 * the outbox sends what waits in batches instead of one request each. Each
 * change is the request it would have been on its own (method, path, body)
 * with its own Idempotency-Key, and the server applies them in order, each
 * exactly as that request alone, with its own stored answer, so a replay of
 * the batch (or of one change alone) applies nothing twice. The server runs
 * them in one database transaction, each in a savepoint of its own with its
 * stored answer, and commits before it answers (a session call, or with S3
 * a change naming uploads, commits what came before it and runs alone): an
 * answer received means its changes are in; after a batch that failed whole
 * (no answer, a 5xx) the replay applies each change once, whichever were in.
 *
 * A refused change (a 4xx) stops only what depends on it: a later change that
 * names one of its `rows` is not applied (its result says `status: null`, held
 * back), the others are. The server stops at the first answer that asks to try
 * again later (5xx, 408, 429, a key still in use) or at a 401, and `results`
 * then ends there: the changes without a result were not applied.
 */
import * as z from "zod";

/** The most changes one batch carries (the JSON body limit of 100 kB allows about this many). */
export const BATCH_MAX_CHANGES = 50;

const IDEMPOTENCY_KEY = /^[\w.:-]{8,200}$/;

/**
 * An admin path in its one spelling (lower case, no trailing slash, no empty
 * segment; a query may follow), other than the batch itself. The server
 * rewrites other spellings of a request's path to this one, but a batched
 * change's path is only compared, so it must already be canonical.
 */
function isBatchableAdminPath(path: string): boolean {
  const pathname = path.split("?")[0] ?? "";
  return /^\/api\/admin(?:\/[a-z0-9-]+)+$/.test(pathname) && !/^\/api\/admin\/batch(?:\/|$)/.test(pathname);
}

export const batchChangeSchema = z.strictObject({
  key: z
    .string()
    .regex(
      IDEMPOTENCY_KEY,
      "Each change needs an Idempotency-Key of 8 to 200 letters, digits, '-', '_', '.' or ':'.",
    ),
  method: z.enum(["POST", "PUT", "PATCH", "DELETE"]),
  path: z.string().max(500).refine(isBatchableAdminPath, {
    message: "A batched change must be an admin change (a path under /api/admin/).",
  }),
  body: z.unknown().optional(),
  /** The rows the change is about (opaque keys such as `bookings:<id>`), for the held-back rule. */
  rows: z.array(z.string().max(300)).max(50).optional(),
});
export type BatchChange = z.infer<typeof batchChangeSchema>;

export const batchRequestSchema = z.strictObject({
  changes: z.array(batchChangeSchema).min(1).max(BATCH_MAX_CHANGES),
});
export type BatchRequest = z.infer<typeof batchRequestSchema>;

/**
 * One change's answer: the status and body it would have had on its own (body
 * null for no content); status null when it was held back, not applied, because
 * an earlier change of the batch about one of its rows was refused.
 */
export const batchResultSchema = z.object({
  key: z.string(),
  status: z.number().int().nullable(),
  body: z.unknown(),
  /** True when the answer is the one stored for the key (the change was applied before, not now). */
  replayed: z.boolean().optional(),
});
export type BatchResult = z.infer<typeof batchResultSchema>;

export const batchResponseSchema = z.object({ results: z.array(batchResultSchema) });
export type BatchResponse = z.infer<typeof batchResponseSchema>;
