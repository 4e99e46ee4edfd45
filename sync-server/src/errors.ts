import { errorMessages, type ErrorCode } from "@car-rental/shared/messages";

/**
 * A typed domain error. Services throw these and know nothing about HTTP;
 * one middleware (middleware/error-handler.ts) maps them to a status and the
 * `{error: {code, message, details?}}` body.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string = errorMessages[code],
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationFailed extends DomainError {
  constructor(message: string = errorMessages.VALIDATION_FAILED, details?: unknown) {
    super("VALIDATION_FAILED", message, details);
  }
}
export class NotFound extends DomainError {
  constructor(what = "Not found") {
    super("NOT_FOUND", what);
  }
}
export class DatesUnavailable extends DomainError {
  constructor(details?: unknown) {
    super("DATES_UNAVAILABLE", errorMessages.DATES_UNAVAILABLE, details);
  }
}
export class PriceChanged extends DomainError {
  constructor(details: unknown) {
    super("PRICE_CHANGED", errorMessages.PRICE_CHANGED, details);
  }
}
export class NameBlocked extends DomainError {
  constructor() {
    super("NAME_BLOCKED");
  }
}
export class CarUnavailable extends DomainError {
  constructor() {
    super("CAR_UNAVAILABLE");
  }
}
export class Unauthorized extends DomainError {
  constructor(message: string = errorMessages.UNAUTHORIZED) {
    super("UNAUTHORIZED", message);
  }
}
export class InvalidPassword extends DomainError {
  constructor() {
    super("INVALID_PASSWORD");
  }
}
export class TooManyRequests extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super("TOO_MANY_REQUESTS");
  }
}
export class PaymentRefused extends DomainError {
  constructor(code: "PAYMENT_INVALID" | "PAYMENT_EXCEEDS_BALANCE", details?: unknown) {
    super(code, errorMessages[code], details);
  }
}
export class UploadRefused extends DomainError {
  constructor(code: "UPLOAD_INVALID" | "UPLOAD_TOO_LARGE" | "UPLOAD_EXPIRED", message?: string) {
    super(code, message ?? errorMessages[code]);
  }
}

/** HTTP status of each error code. */
export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  DATES_UNAVAILABLE: 409,
  PRICE_CHANGED: 409,
  NAME_BLOCKED: 403,
  CAR_UNAVAILABLE: 409,
  UNAUTHORIZED: 401,
  INVALID_PASSWORD: 401,
  TOO_MANY_REQUESTS: 429,
  FORBIDDEN_ORIGIN: 403,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_IN_PROGRESS: 409,
  PAYMENT_INVALID: 422,
  PAYMENT_EXCEEDS_BALANCE: 422,
  UPLOAD_INVALID: 415,
  UPLOAD_TOO_LARGE: 413,
  UPLOAD_EXPIRED: 410,
  DATABASE_UNAVAILABLE: 503,
  INTERNAL: 500,
};
