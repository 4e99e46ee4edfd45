import type { z } from "zod";
import { idSchema } from "@car-rental/shared/schemas/common";
import { NotFound, ValidationFailed } from "../errors";

type Shape = Record<string, z.ZodType>;

/** The fields of an object schema, through optional, nullable, default and pipe wrappers; null for other schemas. */
function objectShape(schema: z.ZodType | null | undefined): Shape | null {
  let current: unknown = schema;
  for (let depth = 0; depth < 8 && current; depth++) {
    if (typeof current !== "object") return null;
    if ("shape" in current && typeof current.shape === "object" && current.shape !== null) {
      return current.shape as Shape;
    }
    const def = "def" in current ? (current.def as { innerType?: unknown; in?: unknown }) : undefined;
    current = def?.innerType ?? def?.in;
  }
  return null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The keys of `input` (dotted paths, nested objects included) that neither
 * `schema` nor `record` knows. `record` is the shape of what the route
 * answers: a client may send back a record as it read it (id, version,
 * updatedAt…), and those read-only fields are ignored, not refused.
 */
function unknownKeys(
  input: unknown,
  schema: z.ZodType,
  record: z.ZodType | null,
  path: string[] = [],
): string[] {
  const shape = objectShape(schema);
  if (!shape || !isRecord(input)) return [];
  const readable = objectShape(record);
  return Object.keys(input).flatMap((key) => {
    const field = shape[key];
    if (field) return unknownKeys(input[key], field, readable?.[key] ?? null, [...path, key]);
    return readable && key in readable ? [] : [[...path, key].join(".")];
  });
}

function fieldMessages(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "_";
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/**
 * Parses input (a query string, a body) with a shared schema; a failure
 * becomes a ValidationFailed whose message is the first problem (the spec's
 * wording, e.g. 'Full name is required') and whose details list every
 * field's messages.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ValidationFailed(result.error.issues[0]?.message, { fields: fieldMessages(result.error.issues) });
}

/**
 * Parses a JSON body like `parse`, and also refuses keys nobody knows. A body
 * may carry the fields its schema names and, when `record` is given (the
 * schema of the record the route answers with), that record's read-only
 * fields (id, version, updatedAt…): a client may send a record back as it
 * read it, and those are ignored. Any other key is a typo or a field this
 * API does not have: 400 'Unrecognized key: "…"', and nothing changes,
 * rather than being dropped without a word.
 */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  record: z.ZodType | null = null,
): z.output<S> {
  const result = schema.safeParse(body);
  const fields = result.success ? {} : fieldMessages(result.error.issues);
  const unknown = unknownKeys(body, schema, record);
  for (const key of unknown) (fields[key] ??= []).push("Unrecognized key");
  if (result.success && unknown.length === 0) return result.data;
  const message = result.success ? `Unrecognized key: "${unknown[0]}"` : result.error.issues[0]?.message;
  throw new ValidationFailed(message, { fields });
}

/**
 * The `:id` of a record route. An id that cannot exist (not UUID-shaped) names
 * no record, so it answers 404 with `notFound` like a well-formed unknown one:
 * every route with an id in its path behaves the same.
 */
export function recordId(params: Record<string, string | undefined>, notFound: string): string {
  const parsed = idSchema.safeParse(params.id);
  if (!parsed.success) throw new NotFound(notFound);
  return parsed.data;
}

/**
 * Parses the body of a partial update (a PUT that may carry only the fields
 * to change) like `parseBody`, with `schema` the partial schema of the
 * record's fields, and keeps only the fields the body really sent: zod fills
 * defaults (a car's seats 5, Automatic, available…) for absent ones, which
 * must not overwrite what the record has, and an older client must not wipe
 * what it does not know about. A full body changes every field.
 */
/**
 * The body of an edit without the `changed` list an app tab still running the
 * previous version sends along (pwa `changed-fields.ts` keeps it in the
 * change's arguments, and that version sends every argument): it names fields,
 * it is not one. Such a tab sends every field, as it always did.
 */
export function withoutChangedList(body: unknown): unknown {
  if (!isRecord(body) || !("changed" in body)) return body;
  const { changed: _changed, ...fields } = body;
  return fields;
}

export function parseChanges<S extends z.ZodType<object>>(
  schema: S,
  body: unknown,
  record: z.ZodType | null = null,
): z.output<S> {
  const changes = { ...parseBody(schema, body, record) };
  const sent = new Set(isRecord(body) ? Object.keys(body) : []);
  for (const key of Object.keys(changes)) {
    if (!sent.has(key)) Reflect.deleteProperty(changes, key);
  }
  return changes;
}
