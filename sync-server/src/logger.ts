import pino, { type DestinationStream, type Logger } from "pino";
import type { Config } from "./config";

/**
 * Fields that may carry a secret, wherever a log line would put them: they
 * are written as "[redacted]". Request lines carry no headers, bodies or
 * query strings at all (see request-log.ts); this is the second line of defence.
 */
const REDACT = [
  "token",
  "*.token",
  "bookingToken",
  "*.bookingToken",
  "uploadURL",
  "*.uploadURL",
  "password",
  "*.password",
  "currentPassword",
  "*.currentPassword",
  "newPassword",
  "*.newPassword",
  "cookie",
  "*.cookie",
  "headers",
  "*.headers",
];

export function createLogger(level: Config["logLevel"], destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT, censor: "[redacted]" },
  };
  return destination ? pino(options, destination) : pino(options);
}
