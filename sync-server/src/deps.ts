import type { Database } from "@car-rental/db";
import type { Logger } from "pino";
import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Mailer } from "./mail/mailer";
import type { Storage } from "./storage/storage";

/** What the application is built from; tests pass their own. */
export type AppDeps = {
  db: Database;
  storage: Storage;
  mailer: Mailer;
  clock: Clock;
  config: Config;
  logger: Logger;
};
