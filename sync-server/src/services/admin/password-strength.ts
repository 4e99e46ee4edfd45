import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

/** The shortest admin password the server accepts (configured or changed in the app). */
export const MIN_PASSWORD_LENGTH = 12;
/**
 * zxcvbn scores 0–4; below 3 means the password is (close to) a common
 * password, a keyboard walk or a dictionary word with small changes.
 */
const MIN_SCORE = 3;

// Built once: loading the dictionaries takes a moment, and the server only ever needs one.
let factory: ZxcvbnFactory | undefined;
const checker = () =>
  (factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, useLevenshteinDistance: true }));

/**
 * Whether a new admin password is acceptable: at least 12 characters and
 * not guessable from the common-password lists (zxcvbn's common dictionary).
 * `context` words (the shop's name…) count as guessable too.
 */
export function isStrongPassword(password: string, context: string[] = []): boolean {
  if (password.length < MIN_PASSWORD_LENGTH) return false;
  return checker().check(password, context).score >= MIN_SCORE;
}
