/** The date the terms and the privacy policy were last revised. */
export const LEGAL_LAST_UPDATED = "November 21, 2026";
