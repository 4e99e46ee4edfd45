/** The optimistic mirror row of a customer added or edited in the browser. */
import { customerInputSchema, type CustomerInputBody } from "@car-rental/shared/schemas/customer";
import type { LocalCustomer } from "../../db";
import { nowIso } from "../mutation";

/** The row as the server will store it; `base` is the row being edited (its documents stay). */
export function customerRow(id: string, body: CustomerInputBody, base?: LocalCustomer): LocalCustomer {
  const input = customerInputSchema.parse(body);
  return {
    id,
    fullName: input.fullName,
    email: input.email,
    phone: input.phone,
    license: input.license,
    licenseExpiry: input.licenseExpiry,
    address: input.address,
    facebookProfile: input.facebookProfile ?? base?.facebookProfile ?? null,
    photoId1Url: base?.photoId1Url ?? null,
    photoId2Url: base?.photoId2Url ?? null,
    proofOfBillingUrl: base?.proofOfBillingUrl ?? null,
    createdAt: base?.createdAt ?? nowIso(),
    version: base?.version ?? 0,
    updatedAt: nowIso(),
    deletedAt: null,
    _pending: true,
  };
}
