import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { e2eDataDir } from "./env";

function isMissingFolder(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "ENOENT";
}

/** Undoes quoted-printable soft line breaks, so a text split across lines is found whole. */
function joinSoftLineBreaks(raw: string): string {
  return raw.replace(/=\r?\n/g, "");
}

/**
 * How many mails the server under test has written that contain `text`. With
 * no SMTP configured the server writes each mail as one `.eml` file under
 * `<DATA_DIR>/mail/`, so this counts deliveries whatever the browser did.
 */
export async function countMailsContaining(text: string): Promise<number> {
  const folder = path.join(e2eDataDir(), "mail");
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if (isMissingFolder(error)) return 0;
    throw error;
  }
  let count = 0;
  for (const name of names) {
    if (!name.endsWith(".eml")) continue;
    const raw = await readFile(path.join(folder, name), "utf8");
    if (joinSoftLineBreaks(raw).includes(text)) count += 1;
  }
  return count;
}
