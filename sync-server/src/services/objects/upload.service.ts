import { preparedRaw } from "@car-rental/db/prepared";
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { Transform, type Readable, type TransformCallback } from "node:stream";
import type { Knex } from "knex";
import { UPLOAD_URL_TTL_MINUTES, type UploadPurpose } from "@car-rental/shared/constants";
import { validationMessages } from "@car-rental/shared/messages";
import type { AppDeps } from "../../deps";
import { DocumentAlreadyUsed, NotFound, UploadRefused, ValidationFailed } from "../../errors";
import {
  FILE_SIGNATURE_BYTES,
  detectFileType,
  isAllowedType,
  normalizeContentType,
  fileRules,
  type AllowedFileType,
} from "../../storage/file-type";
import { incomingKeyOf, objectPathOf, parseObjectPath, purposeFolder } from "../../storage/object-key";

export type UploadDeps = Pick<AppDeps, "db" | "storage" | "clock">;

export type UploadRequest = {
  purpose: UploadPurpose;
  /** What the browser says the file is; checked at once, but only the bytes decide. */
  contentType?: string | undefined;
  /** What the browser says the size is; checked at once, and again on the bytes. */
  size?: number | undefined;
};

/**
 * Where to send the bytes: `PUT` the file to `uploadURL` (local storage), or
 * `POST` a multipart form of `fields` then `file` to it (S3, presigned POST).
 */
export type UploadTicket =
  | { uploadURL: string; objectPath: string; method: "PUT" }
  | { uploadURL: string; objectPath: string; method: "POST"; fields: Record<string, string> };

export type VerifiedObject = {
  objectPath: string;
  purpose: UploadPurpose;
  contentType: AllowedFileType;
  size: number;
};

/** A row of `objects` as the database hands it back (bigint columns arrive as strings). */
type ObjectRow = {
  path: string;
  purpose: string;
  content_type: string | null;
  size: string | number | null;
  upload_token_hash: string;
  expires_at: Date;
  uploaded_at: Date | null;
  cleanup_claimed_at?: Date | null;
};

/** What judging a row needs (usableRowPurpose, verifiedRow); times may come as JSON text. */
type CheckedObjectRow = Pick<ObjectRow, "path" | "purpose" | "content_type" | "size"> & {
  uploaded_at: Date | string | null;
  cleanup_claimed_at?: Date | string | null;
};

export const UPLOAD_TTL_MS = UPLOAD_URL_TTL_MINUTES * 60 * 1000;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** An upload token is `<object uuid>.<secret>`: the uuid finds the row, the secret proves the right to it. */
const TOKEN_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

function refuseDeclared(request: UploadRequest): void {
  const rule = fileRules[request.purpose];
  if (request.size !== undefined && request.size > rule.maxBytes) throw new UploadRefused("UPLOAD_TOO_LARGE");
  if (
    request.contentType !== undefined &&
    !isAllowedType(request.purpose, normalizeContentType(request.contentType))
  ) {
    throw new UploadRefused("UPLOAD_INVALID");
  }
}

/** With S3 the signed policy pins the form's Content-Type, so the type must be declared up front. */
export const CONTENT_TYPE_REQUIRED =
  "Declare the file's contentType: the upload form is signed for one type.";

/**
 * Opens an upload: records the object (purpose, what was declared, the hash of
 * a one-time token, an expiry 15 minutes from now) and answers where to send
 * the bytes. With a bucket that is a presigned POST to it whose policy allows
 * 1 byte to the purpose's limit and exactly the declared content type (which
 * S3 therefore needs: refused without it); otherwise a PUT to
 * `<origin>/uploads/<token>` on this server. A declared size or type that can
 * never be accepted is refused at once. The bytes are checked again either way.
 * @param origin the origin the browser reached this server at.
 * @param db the request's database handle (its idempotency transaction, if any).
 */
export async function createUpload(
  deps: UploadDeps,
  request: UploadRequest,
  origin: string,
  db: Knex | Knex.Transaction = deps.db.knex,
): Promise<UploadTicket> {
  refuseDeclared(request);
  if (deps.storage.presignPost && request.contentType === undefined) {
    throw new ValidationFailed(CONTENT_TYPE_REQUIRED, { fields: { contentType: [CONTENT_TYPE_REQUIRED] } });
  }
  const id = randomUUID();
  const key = `${purposeFolder[request.purpose]}/${id}`;
  const token = `${id}.${randomBytes(32).toString("base64url")}`;
  const now = deps.clock.now();
  await db("objects").insert({
    path: key,
    purpose: request.purpose,
    declared_content_type: request.contentType ?? null,
    declared_size: request.size ?? null,
    upload_token_hash: sha256(token),
    expires_at: new Date(now.getTime() + UPLOAD_TTL_MS),
    created_at: now,
  });
  const objectPath = objectPathOf(key);
  if (deps.storage.presignPost && request.contentType !== undefined) {
    const post = await deps.storage.presignPost(incomingKeyOf(key), UPLOAD_TTL_MS / 1000, {
      maxBytes: fileRules[request.purpose].maxBytes,
      contentType: normalizeContentType(request.contentType),
    });
    return { uploadURL: post.url, objectPath, method: "POST", fields: post.fields };
  }
  return { uploadURL: `${origin}/uploads/${token}`, objectPath, method: "PUT" };
}

/**
 * Passes an upload's bytes through while checking them: the first bytes must
 * be an allowed type for `purpose` (magic numbers), and the total may not
 * pass the purpose's limit. Either failure ends the stream with an
 * UploadRefused at once; nothing is held but the first few bytes.
 */
class UploadCheck extends Transform {
  private head: Buffer[] = [];
  private headLength = 0;
  type: AllowedFileType | null = null;
  size = 0;

  constructor(private readonly purpose: UploadPurpose) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > fileRules[this.purpose].maxBytes) return done(new UploadRefused("UPLOAD_TOO_LARGE"));
    if (this.type !== null) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < FILE_SIGNATURE_BYTES) return done();
    this.release(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.type !== null) return done();
    this.release(done);
  }

  /** Checks the first bytes once enough have arrived (or the file ended), then lets them through. */
  private release(done: TransformCallback): void {
    const head = Buffer.concat(this.head, this.headLength);
    this.head = [];
    const type = detectFileType(head);
    if (type === null || !isAllowedType(this.purpose, type)) return done(new UploadRefused("UPLOAD_INVALID"));
    this.type = type;
    done(null, head);
  }
}

/**
 * The request body through an UploadCheck. A client that goes away before the
 * end fails the stream, so nothing half-received is kept.
 */
function checkedBody(body: Readable, check: UploadCheck): Readable {
  body.once("error", (err) => check.destroy(err));
  body.once("close", () => {
    if (!body.readableEnded) check.destroy(new ValidationFailed("The upload was interrupted."));
  });
  // The bytes may be refused before storage has attached to the stream: the
  // refusal stays on the stream (`errored`) for the storage's pipeline and the
  // caller, instead of being an uncaught 'error' event.
  check.on("error", () => undefined);
  return body.pipe(check);
}

function purposeOf(row: Pick<ObjectRow, "purpose">): UploadPurpose {
  if (row.purpose === "document" || row.purpose === "car-image") return row.purpose;
  throw new Error(`Unknown object purpose ${row.purpose}`);
}

/**
 * Marks the object uploaded, only if nobody did before: of two concurrent
 * uploads with one token, exactly one wins. Returns whether this call won.
 * The type and size are set once the bytes are stored (finishUpload); until
 * then the object is not usable (verifyUploadedObject wants a type).
 */
async function claimUpload(
  db: Knex | Knex.Transaction,
  key: string,
  now: Date,
  notExpiredAt?: Date,
): Promise<boolean> {
  const query = db("objects").where({ path: key }).whereNull("uploaded_at");
  if (notExpiredAt) query.where("expires_at", ">", notExpiredAt);
  const claimed = await query.update({ uploaded_at: now }, ["path"]);
  return claimed.length === 1;
}

async function finishUpload(db: Knex | Knex.Transaction, key: string, type: AllowedFileType, size: number) {
  await db("objects").where({ path: key }).update({ content_type: type, size });
}

async function releaseClaim(db: Knex | Knex.Transaction, key: string): Promise<void> {
  await db("objects").where({ path: key }).update({ uploaded_at: null, content_type: null, size: null });
}

/**
 * Receives the bytes PUT to `/uploads/<token>` (local storage): the token must
 * exist, be unexpired and unused. The bytes stream to storage through an
 * UploadCheck (type by the first bytes, the purpose's size limit while they
 * arrive); the server never holds the whole file. Only a complete, checked
 * file is kept and the object marked uploaded.
 * @param declaredLength the request's Content-Length, when it has one.
 */
export async function receiveUpload(
  deps: UploadDeps,
  token: string,
  body: Readable,
  declaredLength: number | undefined,
): Promise<{ objectPath: string }> {
  const match = TOKEN_PATTERN.exec(token);
  const id = match?.[1];
  if (!id || !deps.storage.putStream) throw new NotFound("Unknown upload address");
  const row = await deps.db
    .knex("objects")
    .whereIn(
      "path",
      Object.values(purposeFolder).map((folder) => `${folder}/${id}`),
    )
    .first<ObjectRow | undefined>();
  const expected = Buffer.from(row?.upload_token_hash ?? "", "hex");
  const actual = Buffer.from(sha256(token), "hex");
  if (!row || expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    throw new NotFound("Unknown upload address");
  }
  if (row.uploaded_at !== null || row.expires_at.getTime() <= deps.clock.now().getTime()) {
    throw new UploadRefused("UPLOAD_EXPIRED");
  }
  const purpose = purposeOf(row);
  if (declaredLength !== undefined && declaredLength > fileRules[purpose].maxBytes) {
    throw new UploadRefused("UPLOAD_TOO_LARGE");
  }

  const now = deps.clock.now();
  if (!(await claimUpload(deps.db.knex, row.path, now, now))) throw new UploadRefused("UPLOAD_EXPIRED");
  const check = new UploadCheck(purpose);
  try {
    await deps.storage.putStream(row.path, checkedBody(body, check));
    if (check.errored) throw check.errored;
    if (check.type === null) throw new UploadRefused("UPLOAD_INVALID");
    await finishUpload(deps.db.knex, row.path, check.type, check.size);
  } catch (err) {
    await releaseClaim(deps.db.knex, row.path);
    throw err;
  }
  return { objectPath: objectPathOf(row.path) };
}

function notUsable(
  objectPath: string,
  reason: "malformed" | "unknown" | "wrong-purpose" | "not-uploaded",
): ValidationFailed {
  return new ValidationFailed(validationMessages.invalidObjectPath, { objectPath, reason });
}

/** The purpose of an object's row, when the row may be attached at all (else the refusal to throw). */
function usableRowPurpose(
  objectPath: string,
  purpose: UploadPurpose,
  row: CheckedObjectRow | undefined,
): UploadPurpose {
  // An object the clean-up has claimed is being deleted: as good as gone.
  if (!row || row.cleanup_claimed_at) throw notUsable(objectPath, "unknown");
  const rowPurpose = purposeOf(row);
  if (rowPurpose !== purpose) throw notUsable(objectPath, "wrong-purpose");
  return rowPurpose;
}

/** The object as verified when its bytes arrived and passed the check, else null. */
function verifiedRow(
  objectPath: string,
  purpose: UploadPurpose,
  row: CheckedObjectRow,
): VerifiedObject | null {
  return row.uploaded_at !== null && row.content_type !== null && isAllowedType(purpose, row.content_type)
    ? { objectPath, purpose, contentType: row.content_type, size: Number(row.size ?? 0) }
    : null;
}

/**
 * Verifies the document uploads a booking names and gives them to booking
 * `bookingId`, in its transaction and in one statement (release 2 A3):
 * - the rows are locked in path order (two transactions naming the same
 *   uploads never wait on each other crosswise; the orphan clean-up, FOR
 *   UPDATE SKIP LOCKED, passes over them);
 * - each must be an uploaded and checked 'document' (verifyUploadedObject's
 *   refusals, judged in the order given; with S3, prepareUploadedObjects
 *   checked the bytes before the transaction began);
 * - each is taken only when it belongs to no booking and was attached to
 *   nothing (or already belongs to this booking): otherwise 422
 *   DOCUMENT_ALREADY_USED. Of two bookings naming one upload at once, the
 *   second waits on the row and then finds it taken.
 * Attached from this commit on: the orphan clean-up never takes them. A
 * refusal leaves the rows as they were once the caller's transaction rolls
 * back (each refusal is thrown).
 */
export async function attachDocumentsToBooking(
  trx: Knex.Transaction,
  bookingId: string,
  objectPaths: string[],
  now: Date,
): Promise<void> {
  const documents = documentsToAttach(objectPaths, now);
  const attached =
    documents.keys.length === 0
      ? []
      : ((
          await preparedRaw<{ attached_documents: AttachedDocumentRow[] }>(
            trx,
            `with booking as (select ?::uuid as id), ${ATTACH_DOCUMENTS_CTES}
             select ${ATTACHED_DOCUMENTS_JSON_SQL} as attached_documents`,
            [bookingId, ...documents.bindings],
          )
        ).rows[0]?.attached_documents ?? []);
  judgeAttachedDocuments(documents, attached);
}

/** Document uploads to give to a booking (see attachDocumentsToBooking), parsed. */
export type DocumentsToAttach = {
  objectPaths: string[];
  parsed: ReturnType<typeof parseObjectPath>[];
  /** The objects' keys, each once; ATTACH_DOCUMENTS_CTES's bindings after them. */
  keys: string[];
  bindings: [string[], Date];
};

/** A row of `locked` (ATTACH_DOCUMENTS_CTES), and whether `attached` took it. */
export type AttachedDocumentRow = CheckedObjectRow & { attached: boolean };

export function documentsToAttach(objectPaths: string[], now: Date): DocumentsToAttach {
  const parsed = objectPaths.map((objectPath) => parseObjectPath(objectPath));
  const keys = [...new Set(parsed.flatMap((p) => (p ? [p.key] : [])))];
  return { objectPaths, parsed, keys, bindings: [keys, now] };
}

/**
 * attachDocumentsToBooking's statement, as two CTEs that follow a CTE
 * `booking` of one row (`id`) or none (then nothing is locked or attached):
 * `locked`, the objects' rows locked in path order, and `attached`, the paths
 * given to the booking. Bindings: DocumentsToAttach.bindings.
 */
export const ATTACH_DOCUMENTS_CTES = `locked as (
     select o.* from objects o
      where o.path = any(?::text[]) and exists (select 1 from booking)
      order by o.path for no key update),
   attached as (
     update objects o set booking_id = b.id, attached_at = coalesce(o.attached_at, ?)
       from locked l, booking b
      where o.path = l.path
        and (l.booking_id = b.id or (l.booking_id is null and l.attached_at is null))
     returning o.path)`;

/** `locked`'s rows as one JSON array, each with whether `attached` took it: what judgeAttachedDocuments reads. */
export const ATTACHED_DOCUMENTS_JSON_SQL = `(select coalesce(json_agg(json_build_object(
     'path', l.path, 'purpose', l.purpose, 'content_type', l.content_type, 'size', l.size,
     'uploaded_at', l.uploaded_at, 'cleanup_claimed_at', l.cleanup_claimed_at,
     'attached', exists (select 1 from attached a where a.path = l.path))), '[]') from locked l)`;

/** Refuses what attachDocumentsToBooking refuses, from `locked`'s rows (see there). */
export function judgeAttachedDocuments(documents: DocumentsToAttach, rows: AttachedDocumentRow[]): void {
  const byKey = new Map(rows.map((row) => [row.path, row]));
  // Judged in the order given, with verifyUploadedObject's refusals.
  documents.objectPaths.forEach((objectPath, i) => {
    const path = documents.parsed[i];
    if (!path) throw notUsable(objectPath, "malformed");
    if (path.purpose !== "document") throw notUsable(objectPath, "wrong-purpose");
    const row = byKey.get(path.key);
    const rowPurpose = usableRowPurpose(objectPath, path.purpose, row);
    if (!row || !verifiedRow(objectPath, rowPurpose, row)) throw notUsable(objectPath, "not-uploaded");
  });
  const taken = documents.keys.filter((key) => byKey.get(key)?.attached !== true);
  if (taken.length > 0) {
    throw new DocumentAlreadyUsed({ objectPaths: taken.map((key) => objectPathOf(key)) });
  }
}

/**
 * Makes sure an object path may be attached to a record: it names an object
 * of `purpose` whose bytes were uploaded and checked. With S3 the server did
 * not see the bytes of the upload, so the first call reads them from the
 * bucket's landing key, checks type and size (deleting and refusing a file
 * that fails) and moves them to the object's key; later uploads to the old
 * presigned POST cannot change what was checked.
 *
 * Refuses with `ValidationFailed` (unknown, malformed, wrong purpose, not
 * uploaded) or `UploadRefused` (the bytes are not an allowed type or too large).
 * @param db pass the caller's transaction when there is one (PGlite has a single connection).
 */
export async function verifyUploadedObject(
  deps: UploadDeps,
  objectPath: string,
  purpose?: UploadPurpose,
  db: Knex | Knex.Transaction = deps.db.knex,
): Promise<VerifiedObject> {
  const parsed = parseObjectPath(objectPath);
  if (!parsed) throw notUsable(objectPath, "malformed");
  if (purpose !== undefined && parsed.purpose !== purpose) throw notUsable(objectPath, "wrong-purpose");
  // Locked inside the caller's transaction: the orphan clean-up (FOR UPDATE SKIP LOCKED) passes over an
  // object while a transaction attaching it is still open. FOR NO KEY UPDATE, not FOR SHARE: the attach
  // then updates the row, and two transactions that had both share-locked it would each wait for the
  // other's lock (a deadlock); this way the second waits here until the first is done.
  const row = await db("objects").where({ path: parsed.key }).forNoKeyUpdate().first<ObjectRow | undefined>();
  const rowPurpose = usableRowPurpose(objectPath, parsed.purpose, row);
  const verified = (r: ObjectRow) => verifiedRow(objectPath, rowPurpose, r);
  const done = row && verified(row);
  if (done) return done;
  if (!deps.storage.presignPost) throw notUsable(objectPath, "not-uploaded");
  // No storage call inside a transaction: the request's objects were checked
  // before it began (prepareUploadedObjects); one that was not is not usable.
  if (db.isTransaction) throw notUsable(objectPath, "not-uploaded");

  // S3: check the landing object where it lies (size from its head, type from
  // its first bytes), then copy exactly those bytes (If-Match its etag) to the
  // object's key. No file passes through the server's memory.
  const incoming = incomingKeyOf(parsed.key);
  const info = await deps.storage.head(incoming);
  if (!info) throw notUsable(objectPath, "not-uploaded");
  let type: AllowedFileType;
  try {
    if (info.size > fileRules[rowPurpose].maxBytes) throw new UploadRefused("UPLOAD_TOO_LARGE");
    const start = await deps.storage.readStart(incoming, FILE_SIGNATURE_BYTES);
    const detected = start && detectFileType(start);
    if (!detected || !isAllowedType(rowPurpose, detected)) throw new UploadRefused("UPLOAD_INVALID");
    type = detected;
  } catch (err) {
    if (err instanceof UploadRefused) await deps.storage.delete(incoming);
    throw err;
  }

  if (!(await claimUpload(db, parsed.key, deps.clock.now()))) {
    // Verified by a concurrent call in the meantime.
    const again = await db("objects").where({ path: parsed.key }).first<ObjectRow | undefined>();
    const result = again && verified(again);
    if (result) return result;
    throw notUsable(objectPath, "not-uploaded");
  }
  try {
    await deps.storage.copy(incoming, parsed.key, info.etag);
    await finishUpload(db, parsed.key, type, info.size);
  } catch (err) {
    await releaseClaim(db, parsed.key);
    throw err;
  }
  await deps.storage.delete(incoming);
  return { objectPath, purpose: rowPurpose, contentType: type, size: info.size };
}

export type OpenedObject = {
  body: Readable;
  contentType: string;
  size: number;
  purpose: UploadPurpose;
};

/** An uploaded (and checked) object for reading, or null when there is none at that key. */
export async function openObject(deps: UploadDeps, key: string): Promise<OpenedObject | null> {
  const row = await deps.db
    .knex("objects")
    .where({ path: key })
    .whereNotNull("uploaded_at")
    .first<ObjectRow | undefined>();
  if (!row) return null;
  const stored = await deps.storage.get(key);
  if (!stored) return null;
  return {
    body: stored.body,
    contentType: row.content_type ?? stored.contentType ?? "application/octet-stream",
    size: stored.size,
    purpose: purposeOf(row),
  };
}

/** Object paths (`/objects/<folder>/<uuid>`) anywhere in a JSON body, at most `limit` of them. */
export function objectPathsIn(body: unknown, limit = 10): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, depth: number) => {
    if (found.size >= limit || depth > 4) return;
    if (typeof value === "string") {
      if (parseObjectPath(value)) found.add(value);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
    } else if (typeof value === "object" && value !== null) {
      for (const item of Object.values(value)) walk(item, depth + 1);
    }
  };
  walk(body, 0);
  return [...found];
}

/**
 * With S3: checks and moves into place each named object that was uploaded
 * to the bucket but not checked yet, on the shared pool, before the request's
 * transaction begins, so no storage call runs inside a transaction. Paths
 * that name nothing usable are left alone (the handler refuses them, inside
 * its transaction, with the usual 400); bytes that fail the check are deleted
 * and refused here (413/415). Local storage checked the bytes on arrival:
 * nothing to do.
 *
 * The booking service (or any service attaching uploads) may also call this
 * itself before opening a transaction.
 */
export async function prepareUploadedObjects(deps: UploadDeps, objectPaths: string[]): Promise<void> {
  if (!deps.storage.presignPost) return;
  for (const objectPath of objectPaths) {
    try {
      await verifyUploadedObject(deps, objectPath);
    } catch (err) {
      if (err instanceof UploadRefused) throw err;
      if (!(err instanceof ValidationFailed)) throw err;
    }
  }
}

/**
 * Records that records now reference these objects (call it in the same
 * transaction that stores the reference): attached objects are never taken
 * for orphans. Objects already attached keep their first time.
 */
export async function markObjectsAttached(db: Knex, objectPaths: string[], now: Date): Promise<void> {
  const keys = objectPaths.map((p) => parseObjectPath(p)?.key).filter((k): k is string => k !== undefined);
  if (keys.length === 0) return;
  await db("objects").whereIn("path", keys).whereNull("attached_at").update({ attached_at: now });
}

/** An object attached to nothing this long after its upload (or its ticket, if never uploaded) is deleted. */
export const UNATTACHED_OBJECT_TTL_MS = 24 * 60 * 60 * 1000;
/** A clean-up claim older than this belongs to a process that died mid-way: another may take it over. */
const CLEANUP_CLAIM_TTL_MS = 10 * 60 * 1000;

/**
 * Deletes uploads attached to nothing 24 hours after they were uploaded (or
 * their upload address was handed out, if no bytes ever came). "Attached"
 * means `attached_at` is set or a car image, a customer's or a booking's
 * document column references the object (references written by code that
 * does not call markObjectsAttached yet are honoured, and marked).
 *
 * Several server processes may run this at once: a batch is claimed with
 * FOR UPDATE SKIP LOCKED (skipping objects a transaction is attaching right
 * now, see verifyUploadedObject's lock) and the claim committed; only
 * then are the files deleted, outside any transaction, and the rows last.
 * Returns how many objects were deleted.
 */
export async function deleteUnattachedObjects(
  deps: Pick<AppDeps, "db" | "storage" | "clock">,
  batchSize = 100,
): Promise<number> {
  const { knex } = deps.db;
  const now = deps.clock.now();
  const referenced = [
    "exists (select 1 from cars c where c.image = '/objects/' || o.path)",
    `exists (select 1 from customers cu where '/objects/' || o.path in
       (cu.photo_id1_url, cu.photo_id2_url, cu.proof_of_billing_url))`,
    `exists (select 1 from bookings b where '/objects/' || o.path in
       (b.photo_id1_url, b.photo_id2_url, b.proof_of_billing_url))`,
  ].join(" or ");
  await knex.raw(`update objects o set attached_at = ? where o.attached_at is null and (${referenced})`, [
    now,
  ]);

  const claimed = await knex.raw<{ rows: { path: string }[] }>(
    `update objects set cleanup_claimed_at = ?
     where path in (
       select o.path from objects o
       where o.attached_at is null
         and coalesce(o.uploaded_at, o.created_at) < ?
         and (o.cleanup_claimed_at is null or o.cleanup_claimed_at < ?)
         and not (${referenced})
       order by o.created_at
       limit ?
       for update skip locked
     )
     returning path`,
    [
      now,
      new Date(now.getTime() - UNATTACHED_OBJECT_TTL_MS),
      new Date(now.getTime() - CLEANUP_CLAIM_TTL_MS),
      batchSize,
    ],
  );
  let deleted = 0;
  for (const { path } of claimed.rows) {
    await deps.storage.delete(path);
    await deps.storage.delete(incomingKeyOf(path));
    const gone = await knex("objects")
      .where({ path, cleanup_claimed_at: now })
      .whereNull("attached_at")
      .delete(["path"]);
    deleted += gone.length;
  }
  return deleted;
}
