/**
 * Renders the API reference (docs/API.md) from the route table, so the
 * documented request and answer of every call are the schemas the server and
 * the PWA really use. `npm run docs:api` writes it; a test keeps it current.
 */
import * as z from "zod";
import { routes, type RouteDefinition } from "./api";
import { errorMessages, errorStatus } from "./messages";
import { isErrorCode } from "./schemas/error";

function schemaBlock(schema: z.ZodType, io: "input" | "output"): string {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" });
  const { $schema: _ignored, ...rest } = json;
  return ["```json", JSON.stringify(rest, null, 2), "```"].join("\n");
}

function routeSection(name: string, route: RouteDefinition): string {
  const lines = [`### ${route.method} ${route.path}`, ""];
  lines.push(
    `\`${name}\` · ${route.auth === "admin" ? "admin session required (401 without)" : "public"}`,
    "",
  );
  if (route.query) lines.push("Query:", "", schemaBlock(route.query, "input"), "");
  if (route.request) lines.push("Request body (JSON):", "", schemaBlock(route.request, "input"), "");
  lines.push("Answer (2xx, JSON):", "", schemaBlock(route.response, "output"), "");
  return lines.join("\n");
}

export function renderApiReference(): string {
  const header = `# API reference

Generated from \`shared/src/api.ts\` by \`npm run docs:api\` (a test fails when it is out of date).
Every body is JSON (\`Content-Type: application/json\`); money is a decimal string (\`"2500.00"\`),
dates are \`YYYY-MM-DD\` (Asia/Manila calendar dates), timestamps ISO 8601.

## Conventions

- **Errors** have one shape: \`{"error": {"code": "...", "message": "...", "details": ...}, "code": "...",
  "message": "..."}\`: \`code\` and \`message\` are repeated at the top level, and a 409 \`PRICE_CHANGED\` or
  \`DATES_UNAVAILABLE\` also carries its detail (\`quote\`, \`ranges\`) there. The message is a sentence for
  people (the spec's wording where it has one); the PWA shows it after \`"<status>: "\`.
- **Request bodies** carry the keys of the call's request, and may also carry the read-only fields of the
  record it answers with (e.g. the \`id\`, \`updatedAt\` or \`version\` of a record sent back as it was
  read): those are ignored, never stored. Any other key is refused with 400 \`Unrecognized key: "<key>"\`
  and nothing changes. A malformed \`:id\` in a path answers 404 \`NOT_FOUND\`, like an unknown one.
- **Ids chosen by the client**: the creates of cars, customers, blocked names, admin bookings and payments
  accept an optional \`id\` (a UUID) and store the record under it, so an offline client's record keeps
  one id. A create naming an existing id answers that record when it asks for the same content, and 409
  \`ID_TAKEN\` (nothing changes) when it asks for other content.
- **Paths** have one spelling: lower case, no trailing slash, no empty segment. Any other spelling of an
  \`/api\` path (letter case, a trailing slash, \`//\`, percent-escapes) is rewritten to it before any rule
  runs, so it meets exactly the same checks; what no API path is spelled like answers 404 \`NOT_FOUND\`.
  A batched change's \`path\` must already be spelled so.
- **Admin calls** need the \`admin_session\` cookie (\`__Host-admin_session\` over https) set by
  \`POST /api/admin/session\` (HttpOnly, SameSite=Strict). Without a valid one every \`/api/admin/*\` route
  answers 401. A session ends after 7 days without use and 30 days after sign-in in any case. A successful
  sign-in also sets a signed, year-long \`admin_device\` cookie: sign-in attempts from a browser holding a
  valid one are limited per device instead of per address.
- **Mutations** accept JSON only and refuse a foreign \`Origin\` (403 \`FORBIDDEN_ORIGIN\`).
- **Idempotency**: any POST/PUT/PATCH/DELETE under \`/api/\` may carry \`Idempotency-Key\` (8–200 of
  \`A-Z a-z 0-9 - _ . :\`). The first answer is stored with a hash of the request, in the same transaction
  as the change; a repeat returns it (header \`Idempotent-Replayed: true\`) without applying anything again;
  the same key with another body answers 422 \`IDEMPOTENCY_KEY_REUSED\`; a repeat while the first still runs
  answers 409 \`IDEMPOTENCY_IN_PROGRESS\`. Keys are kept 90 days. A key belongs to whoever used it first:
  replayed without a valid admin session, an admin's key answers 401; replayed from another client address,
  a public key answers 422 \`IDEMPOTENCY_KEY_REUSED\`. Sign-in and password changes are never stored.
- **Rate limits** per client address (429 with \`Retry-After\`): wrong admin passwords (sign-in or
  current password of a password change) 10 per 15 minutes (per device with a valid device cookie),
  bookings 200, contact messages 60 and document upload addresses 300 per 10 minutes (each multiplied by
  \`RATE_LIMIT_SCALE\`, default 1).
- **Uploads**: \`POST /api/objects/upload\` answers \`{uploadURL, objectPath, method, fields?}\`. With
  \`method\` \`PUT\` (local storage; also what an answer without \`method\` means) \`PUT\` the file's bytes to
  \`uploadURL\` once within 15 minutes (a second PUT or a late one answers 410). With \`method\` \`POST\` (S3
  storage: a presigned POST) send \`uploadURL\` a \`multipart/form-data\` form of every entry of \`fields\`, then
  the file as \`file\`, last, within 15 minutes; its signed policy allows 1 byte up to the purpose's limit
  and exactly the declared \`contentType\`, which S3 storage therefore requires in the request (400
  without it). The server keeps the file only if its bytes are an allowed type (documents JPG/PNG/PDF
  ≤ 5 MB, car images JPG/PNG ≤ 10 MB). A document upload belongs to the one booking that first names it
  (\`POST /api/bookings\` or \`PUT /api/bookings/{id}/documents\`): naming one that belongs to another booking,
  or is attached to anything else, answers 422 \`DOCUMENT_ALREADY_USED\` (\`details.objectPaths\`: which) and
  nothing changes. Upload the files again for each booking.
  \`GET /objects/car-images/<id>\` is public and immutable; \`GET /objects/documents/<id>\` needs the admin
  session.
- **Sync**: \`GET /api/admin/sync?since=<cursor>\` answers the rows changed since the cursor and
  \`deleted\` tombstones, with the next \`cursor\`; without \`since\` a reset (\`reset: true\`) of the mirror:
  every live row, but only the bookings returning within the last 12 months or later (with their payments
  and handovers; older bookings: \`GET /api/admin/bookings\`). With \`paged=1\` a reset comes in pages of
  \`limit\` rows (default 2000, at most 5000): each page lists the id ranges it covers (\`page.ranges\`: rows
  of a range it does not hold are gone) and the token of the next page (\`page.next\`, asked for with
  \`?page=<token>\`; null on the last page). Store the cursor after the last page, then ask the delta from it.

## Error codes

| code | status | default message |
| --- | ---: | --- |
${Object.keys(errorMessages)
  .filter(isErrorCode)
  .map((code) => `| \`${code}\` | ${errorStatus[code]} | ${errorMessages[code]} |`)
  .join("\n")}

## Calls
`;
  const sections = Object.entries(routes).map(([name, route]) => routeSection(name, route));
  return `${header}\n${sections.join("\n")}`;
}
