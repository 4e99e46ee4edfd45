/** Admin → Blocklist → Unblock: `DELETE /api/admin/blocked-names/:id`; hidden until the server confirms. */
import { routes } from "@car-rental/shared/api";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import { idSchema } from "@car-rental/shared/schemas/common";
import * as z from "zod";
import { blockedKind, blockedValue } from "@car-rental/shared/schemas/blocked-name";
import { defineMutation, removesRow, shortId } from "../mutation";
import { blockKindLabels } from "./block-name";

export const unblockName = defineMutation({
  name: "unblockName",
  route: routes.unblockName,
  input: z.object({ id: idSchema }),
  entity: "blockedNames",
  rows: (args) => ({ entityId: args.id }),
  label: async (db, args) => {
    const entry = await db.blockedNames.get(args.id);
    if (!entry) return `Unblock ${shortId(args.id)}`;
    return `Unblock ${blockKindLabels[blockedKind(entry)]} ${blockedValue(entry)}`;
  },
  apply: async (db, args) => {
    await db.blockedNames.update(args.id, { _deleted: true, _pending: true });
  },
  answer: removesRow,
  messages: { success: adminSuccess.unblockName, failure: adminFailures.unblockName },
});
