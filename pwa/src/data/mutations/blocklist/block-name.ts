/** Admin → Blocklist → Block: `POST /api/admin/blocked-names` with the id the browser chose. */
import { routes } from "@car-rental/shared/api";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import { blockedNameInputSchema, blockedNameSchema } from "@car-rental/shared/schemas/blocked-name";
import { idSchema } from "@car-rental/shared/schemas/common";
import { defineMutation, nowIso, storesRow } from "../mutation";

const input = blockedNameInputSchema.extend({ id: idSchema });

export const blockName = defineMutation({
  name: "blockName",
  route: routes.blockName,
  input,
  entity: "blockedNames",
  rows: (args) => ({ entityId: args.id }),
  label: (_db, args) => `Block name ${args.fullName.trim()}`,
  apply: async (db, args) => {
    const parsed = input.parse(args);
    await db.blockedNames.add({
      id: args.id,
      fullName: parsed.fullName,
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
  messages: { success: adminSuccess.blockName, failure: adminFailures.blockName },
});
