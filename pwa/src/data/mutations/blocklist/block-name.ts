/**
 * Admin → Blocklist → Block: `POST /api/admin/blocked-names` with the id the
 * browser chose. Release 2 (§E3) queues `{kind, value, reason, blockedBy, id}`;
 * entries queued by release 1 (`{fullName, reason, blockedBy, id}`) stay as
 * they are and are sent as they are: the server reads `fullName` alone as a name.
 */
import { routes } from "@car-rental/shared/api";
import type { BlockKind } from "@car-rental/shared/blocklist-keys";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import { blockedNameInputSchema, blockedNameSchema } from "@car-rental/shared/schemas/blocked-name";
import { idSchema } from "@car-rental/shared/schemas/common";
import * as z from "zod";
import { defineMutation, nowIso, storesRow } from "../mutation";

const input = blockedNameInputSchema.and(z.object({ id: idSchema }));

/** How the outbox panel names an entry of each kind. */
export const blockKindLabels: Record<BlockKind, string> = {
  name: "name",
  email: "e-mail",
  phone: "phone",
  license: "driver's license",
};

export const blockName = defineMutation({
  name: "blockName",
  route: routes.blockName,
  input,
  entity: "blockedNames",
  rows: (args) => ({ entityId: args.id }),
  label: (_db, args) => {
    const kind = args.kind ?? "name";
    return `Block ${blockKindLabels[kind]} ${(args.value ?? args.fullName ?? "").trim()}`;
  },
  apply: async (db, args) => {
    const parsed = input.parse(args);
    await db.blockedNames.add({
      id: args.id,
      kind: parsed.kind,
      value: parsed.value,
      fullName: parsed.value,
      reason: parsed.reason,
      blockedBy: parsed.blockedBy,
      createdAt: nowIso(),
      version: 0,
      updatedAt: nowIso(),
      deletedAt: null,
      _pending: true,
    });
  },
  answer: storesRow((db) => db.blockedNames, blockedNameSchema),
  creates: true,
  // The kind is chosen from a list: the outbox panel edits the value, the reason and who blocked.
  fixed: ["kind"],
  messages: { success: adminSuccess.blockName, failure: adminFailures.blockName },
});
