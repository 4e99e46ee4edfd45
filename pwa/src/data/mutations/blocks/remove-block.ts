/** Timeline → a block → Remove block: `DELETE /api/admin/blocks/:id`; hidden until the server confirms. */
import { routes } from "@car-rental/shared/api";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import { idSchema } from "@car-rental/shared/schemas/common";
import * as z from "zod";
import { defineMutation, removesRow } from "../mutation";

export const removeBlock = defineMutation({
  name: "removeBlock",
  route: routes.deleteBlock,
  input: z.object({ id: idSchema }),
  entity: "blocks",
  rows: (args) => ({ entityId: args.id }),
  label: async (db, args) => {
    const block = await db.blocks.get(args.id);
    const car = block ? await db.adminCars.get(block.carId) : undefined;
    return block
      ? `Remove block of ${car?.name ?? "car"} ${block.startDate} to ${block.endDate}`
      : "Remove block";
  },
  apply: async (db, args) => {
    await db.blocks.update(args.id, { _deleted: true, _pending: true });
  },
  answer: removesRow,
  messages: { success: adminSuccess.removeBlock, failure: adminFailures.removeBlock },
});
