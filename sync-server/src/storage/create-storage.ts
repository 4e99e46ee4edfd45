import type { Config } from "../config";
import { createLocalStorage } from "./local-storage";
import type { Storage } from "./storage";

/** S3-compatible storage when `S3_*` is configured, otherwise the local disk under the data folder. */
export async function createStorage(config: Pick<Config, "dataDir" | "s3">): Promise<Storage> {
  if (!config.s3) return createLocalStorage(config.dataDir);
  // Loaded only when configured: the AWS SDK alone takes most of a second to import.
  const { createS3Storage } = await import("./s3-storage");
  return createS3Storage(config.s3);
}
