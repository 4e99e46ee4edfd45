import type { z } from "zod";
import { idSchema } from "@car-rental/shared/schemas/common";
import { NotFound, ValidationFailed } from "../errors";

/**
 * Parses input with a shared schema; a failure becomes a ValidationFailed whose
 * message is the first problem (the spec's wording, e.g. 'Full name is required')
 * and whose details list every field's messages.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "_";
    (fields[key] ??= []).push(issue.message);
  }
  throw new ValidationFailed(result.error.issues[0]?.message, { fields });
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
