/**
 * A named offline change (issue #19): everything the outbox, its engine, the
 * server-answer handling and the toasts need to know about one kind of
 * change, declared once, in the change's own module. The outbox stores the
 * change's name and arguments, never a URL; everything else is looked up
 * here by name (see `registry.ts`).
 *
 * A module under `mutations/<capability>/` that exports a `defineMutation()`
 * result is registered by that alone. No DOM or React imports: the service
 * worker drains the outbox too.
 */
import { buildPath, type RouteDefinition } from "@car-rental/shared/api-public";
import type { SyncEntity } from "@car-rental/shared/schemas/sync";
import type { EntityTable } from "dexie";
import type * as z from "zod";
import type { ApiClient } from "../api-client";
import type { CarRentalDb, OutboxEntity, OutboxEntry } from "../db";

/** The arguments of a change as stored in the outbox: a plain JSON object. */
export type MutationArgs = Record<string, unknown>;

export type RowLink = { entity: SyncEntity; id: string };

/** The spec's toasts of a change (§8 "Admin mutations"); `success: null` when it has none. */
export type MutationMessages = { success: string | null; failure: string };

/**
 * Stores the server's answer to a delivered change in the mirror (inside the
 * transaction that removes the entry) and returns the id of the row the
 * change made or changed, or null. `waiting`: `entity:id` of rows a later
 * entry still changes (their optimistic version stays).
 */
export type AnswerHandler = (
  db: CarRentalDb,
  entry: OutboxEntry,
  answer: unknown,
  waiting: ReadonlySet<string>,
) => Promise<string | null>;

/*
 * Members taking `Args` are methods (not function-valued properties) on purpose:
 * a `Mutation<{id: string}>` must also be usable where any `Mutation` is (the
 * registry, the engine), and method parameters are compared bivariantly.
 */
export type MutationDefinition<Args extends MutationArgs = MutationArgs> = {
  /** The name stored in the outbox: never rename a mutation once released (a Dexie upgrade would have to). */
  name: string;
  /** Its call, from the route table in `shared/src/api.ts`; admin routes need the session. */
  route: RouteDefinition;
  /** Checked before anything is written: bad input is refused in the browser already. */
  input: z.ZodType<unknown, Args>;
  /** The mirrored entity the change is about (`contact` for the contact message). */
  entity: OutboxEntity;
  /**
   * The row it is about (an id the browser chose, for a creation) and the other
   * rows its optimistic change touches; `key` is the entry's Idempotency-Key.
   */
  rows(args: Args, key: string): { entityId: string; related?: RowLink[] };
  /**
   * Work to do just before each send, outside any transaction (e.g. uploading
   * the files the change names, release 2 §C3): answers the arguments to send
   * this time (the stored ones stay as they are). May throw like a request
   * does: an ApiError is sorted by its status, anything else is "no answer"
   * (the entry waits for its backoff). Must be safe to run again after a
   * failure part-way: a later send repeats it.
   */
  prepare?(db: CarRentalDb, api: ApiClient, args: Args): Promise<Args>;
  /** Whether these args need `prepare` at all (default: always); those that do not may go in a batch. */
  prepares?(args: Args): boolean;
  /**
   * Before a refused change goes again under a new key: the files `prepare`
   * uploaded are to be uploaded anew (the server deletes an upload no change
   * attached within a day). Dexie calls only, in the retry's transaction.
   */
  forgetUploads?(db: CarRentalDb, args: Args): Promise<void>;
  /** After the server's answer is stored, outside any transaction: tidying (e.g. files no longer needed). */
  afterDelivery?(db: CarRentalDb, args: Args): Promise<void>;
  /** The path parameters and body of its request (default: `:param`s from the args, the rest as body). */
  request?(args: Args): { params: Record<string, string>; body?: unknown };
  /** What people read in the outbox panel; reads the mirror inside the queueing transaction (Dexie calls only). */
  label(db: CarRentalDb, args: Args): Promise<string> | string;
  /** The optimistic change to the local mirror (rows marked `_pending`), in the queueing transaction (Dexie calls only). */
  apply?(db: CarRentalDb, args: Args): Promise<void>;
  /** How the server's answer replaces the optimistic row. */
  answer?: AnswerHandler;
  /** Whether it makes a row of its own (removed again when the change is discarded). */
  creates?: boolean;
  messages: MutationMessages | null;
  /** Arguments the outbox panel never offers for editing (the record's identity; `id` always). */
  fixed?: readonly string[];
  /** After the panel edited the args: brings the optimistic rows in step and gives the new label (Dexie calls only). */
  revise?(db: CarRentalDb, entry: OutboxEntry, next: Args): Promise<string | undefined>;
};

const MUTATION = Symbol.for("car-rental.mutation");

export type Mutation<Args extends MutationArgs = MutationArgs> = MutationDefinition<Args> & {
  readonly [MUTATION]: true;
};

/** Declares a mutation; exporting the result from a module under `mutations/<capability>/` registers it. */
export function defineMutation<Args extends MutationArgs>(
  definition: MutationDefinition<Args>,
): Mutation<Args> {
  return { ...definition, [MUTATION]: true };
}

export function isMutation(value: unknown): value is Mutation {
  return typeof value === "object" && value !== null && MUTATION in value;
}

/** Whether the change needs the admin session (a 401 pauses only these). */
export function needsSessionFor(mutation: Pick<MutationDefinition, "route">): boolean {
  return mutation.route.auth === "admin";
}

function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? "");
}

/** The concrete path and JSON body of a change's request. */
export function requestOf(
  mutation: MutationDefinition,
  args: MutationArgs,
): { path: string; body?: unknown } {
  const { route } = mutation;
  let params: Record<string, string>;
  let body: unknown;
  if (mutation.request) {
    ({ params, body } = mutation.request(args));
  } else {
    const names = pathParams(route.path);
    params = Object.fromEntries(names.map((name) => [name, String(args[name] ?? "")]));
    const rest = Object.fromEntries(Object.entries(args).filter(([key]) => !names.includes(key)));
    body = route.request === null ? undefined : rest;
  }
  return { path: buildPath(route.path, params), ...(body === undefined ? {} : { body }) };
}

/** The arguments the outbox panel may edit: the flat, non-identity ones. */
export function editableKeys(mutation: MutationDefinition, args: MutationArgs): string[] {
  const fixed = new Set(["id", ...(mutation.fixed ?? [])]);
  return Object.keys(args).filter((key) => !fixed.has(key));
}

// Answer handlers shared by the mutations.

/**
 * Puts the server's row in place of the optimistic one. When a later entry
 * still changes the row (`keepLocal`), the optimistic version stays, moved to
 * the server's id if the creation used a temporary one.
 */
export async function replaceRow<T extends { id: string }>(
  table: EntityTable<T, "id">,
  localId: string,
  row: T,
  keepLocal: boolean,
): Promise<void> {
  if (keepLocal && localId === row.id) return;
  const local = keepLocal ? await table.where("id").equals(localId).first() : undefined;
  if (localId !== row.id) await table.where("id").equals(localId).delete();
  await table.put(local ? { ...local, id: row.id } : row);
}

/** The answer is the changed row of `table` (parsed by `schema`): it replaces the optimistic one. */
export function storesRow<Local extends { id: string }, Row extends Local>(
  table: (db: CarRentalDb) => EntityTable<Local, "id">,
  schema: z.ZodType<Row>,
): AnswerHandler {
  return async (db, entry, answer, waiting) => {
    const parsed = schema.safeParse(answer);
    if (!parsed.success || entry.entity === "contact") return null;
    const keepLocal = waiting.has(`${entry.entity}:${entry.entityId}`);
    await replaceRow<Local>(table(db), entry.entityId, parsed.data, keepLocal);
    return parsed.data.id;
  };
}

/** A delete the server accepted: the row leaves the mirror (unless a later entry still changes it). */
export const removesRow: AnswerHandler = async (db, entry, _answer, waiting) => {
  if (entry.entity === "contact") return null;
  if (!waiting.has(`${entry.entity}:${entry.entityId}`))
    await db.mirrorTable(entry.entity).delete(entry.entityId);
  return null;
};

/**
 * How a label names a booking: its reference (release-2 §D1, as on the
 * booking's card), or a short id while the mirror has none for it yet.
 */
export function bookingTag(booking: { reference?: string } | undefined, id: string): string {
  return booking?.reference ?? shortId(id);
}

/** 'abcdef12-…' → 'ABCDEF12': a short id for labels. */
export function shortId(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

export const nowIso = (): string => new Date().toISOString();
