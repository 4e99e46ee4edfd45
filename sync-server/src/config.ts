import path from "node:path";
import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "./services/admin/password-strength";

/** Empty strings in the environment mean "not set". */
const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optional,
  ADMIN_PASSWORD: optional,
  SESSION_SECRET: optional,
  PUBLIC_URL: optional,
  SMTP_URL: optional,
  MAIL_FROM: optional,
  BUSINESS_EMAIL: optional,
  S3_ENDPOINT: optional,
  S3_REGION: optional,
  S3_BUCKET: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: optional,
  PWA_DIST: optional,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: optional,
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  BACKUP_KEEP: z.coerce.number().int().min(0).default(7),
  MAIL_CLAIM_LEASE_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(5 * 60 * 1000),
  PENDING_HOLD_HOURS: z.coerce.number().positive().default(24),
});

export type S3Config = {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
};

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  /** Signs upload URLs; generated and stored in the database when not configured. */
  sessionSecret: string | undefined;
  /** The origin the site is served from, e.g. https://alaminoscarrental.ph; used in mails and the Origin check. */
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  businessEmail: string;
  s3: S3Config | undefined;
  /** The built PWA to serve, when it exists. */
  pwaDist: string;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  trustProxy: boolean;
  /**
   * With trustProxy: how many proxies in front of the server append to
   * X-Forwarded-For. The client address is that many entries from the right;
   * whatever a client writes itself sits further left and is ignored.
   */
  trustProxyHops: number;
  /** Whether cookies get the Secure flag (the site is served over HTTPS). */
  secureCookies: boolean;
  /** Multiplies every per-address rate limit (benchmarks send thousands of requests from one address). */
  rateLimitScale: number;
  /** Worker processes sharing the port (`node:cluster`); more than 1 needs PostgreSQL. */
  webConcurrency: number;
  /** Daily archives kept in `<dataDir>/backups`; 0 turns the daily archive off. */
  backupKeep: number;
  /** How long a claimed mail is this process's to send before another may retry it. */
  mailClaimLeaseMs: number;
  /** How long a pending public booking holds its dates before it expires (fractions allowed, for tests). */
  pendingHoldHours: number;
};

const defaultPwaDist = new URL("../../pwa/dist", import.meta.url).pathname;

/** Reads the process configuration once; the only place that reads `process.env`. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.ADMIN_PASSWORD !== undefined && e.ADMIN_PASSWORD.length < MIN_PASSWORD_LENGTH) {
    throw new Error(
      `ADMIN_PASSWORD is too short: it has ${e.ADMIN_PASSWORD.length} characters and must have at least ${MIN_PASSWORD_LENGTH}. ` +
        "Choose a longer one, or leave ADMIN_PASSWORD unset to have a strong one generated and printed at start.",
    );
  }
  return configFrom({
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    adminPassword: e.ADMIN_PASSWORD,
    sessionSecret: e.SESSION_SECRET,
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    businessEmail: e.BUSINESS_EMAIL,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? "us-east-1",
          bucket: e.S3_BUCKET,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE !== "false",
        }
      : undefined,
    pwaDist: e.PWA_DIST ? path.resolve(e.PWA_DIST) : defaultPwaDist,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === "true" || e.TRUST_PROXY === "1",
    trustProxyHops: e.TRUST_PROXY_HOPS,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    webConcurrency: e.WEB_CONCURRENCY,
    backupKeep: e.BACKUP_KEEP,
    mailClaimLeaseMs: e.MAIL_CLAIM_LEASE_MS,
    pendingHoldHours: e.PENDING_HOLD_HOURS,
  });
}

/** Builds a full configuration from a partial one (tests use this directly). */
export function configFrom(
  partial: Partial<Omit<Config, "mailFrom" | "businessEmail" | "secureCookies">> & {
    dataDir: string;
    mailFrom?: string | undefined;
    businessEmail?: string | undefined;
  },
): Config {
  const publicUrl = partial.publicUrl;
  return {
    port: partial.port ?? 3000,
    host: partial.host ?? "0.0.0.0",
    dataDir: partial.dataDir,
    databaseUrl: partial.databaseUrl,
    adminPassword: partial.adminPassword,
    sessionSecret: partial.sessionSecret,
    publicUrl,
    smtpUrl: partial.smtpUrl,
    mailFrom: partial.mailFrom ?? "Alaminos Car Rental <no-reply@alaminoscarrental.ph>",
    businessEmail: partial.businessEmail ?? "bookings@alaminoscarrental.ph",
    s3: partial.s3,
    pwaDist: partial.pwaDist ?? defaultPwaDist,
    logLevel: partial.logLevel ?? "info",
    trustProxy: partial.trustProxy ?? false,
    trustProxyHops: partial.trustProxyHops ?? 1,
    rateLimitScale: partial.rateLimitScale ?? 1,
    webConcurrency: partial.webConcurrency ?? 1,
    backupKeep: partial.backupKeep ?? 7,
    mailClaimLeaseMs: partial.mailClaimLeaseMs ?? 5 * 60 * 1000,
    pendingHoldHours: partial.pendingHoldHours ?? 24,
    secureCookies: publicUrl?.startsWith("https://") ?? false,
  };
}
