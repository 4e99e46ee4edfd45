import type { Config } from "../config";
import { createLocalStorage } from "./local-storage";
import { createS3Storage } from "./s3-storage";
import type { Storage } from "./storage";

/** S3-compatible storage when `S3_*` is configured, otherwise the local disk under the data folder. */
export async function createStorage(config: Pick<Config, "dataDir" | "s3">): Promise<Storage> {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.dataDir);
}
