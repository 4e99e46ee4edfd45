import type { DocumentKind } from "@car-rental/shared/constants";
import { uploadToasts, type Toast } from "@car-rental/shared/messages";

/** The three documents of a booking (spec §2 "Required Documents"), in order. */
export const documentKinds: readonly { kind: DocumentKind; label: string; uploadedToast: Toast }[] = [
  { kind: "photoId1Url", label: "Photo ID #1", uploadedToast: uploadToasts.photoId1 },
  { kind: "photoId2Url", label: "Photo ID #2", uploadedToast: uploadToasts.photoId2 },
  { kind: "proofOfBillingUrl", label: "Proof of Billing", uploadedToast: uploadToasts.proofOfBilling },
];

/** The file input's `accept`: JPG, PNG or PDF. */
export const DOCUMENT_ACCEPT = ".jpg,.jpeg,.png,.pdf";
