import { errorMessages, type ErrorCode } from "@car-rental/shared/messages";

/**
 * A typed domain error. Services throw these and know nothing about HTTP;
 * one middleware (middleware/error-handler.ts) maps them to a status and the
 * `{error: {code, message, details?}}` body (see shared `errorBody`).
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
/** A create named an id that already belongs to a record with other content (a replay with the same content is answered the record). */
export class IdTaken extends DomainError {
  constructor() {
    super("ID_TAKEN");
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
export class PasswordTooWeak extends DomainError {
  constructor() {
    super("PASSWORD_TOO_WEAK");
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

export { errorStatus } from "@car-rental/shared/messages";
export class DocumentsRequired extends DomainError {
  constructor() {
    super("DOCUMENTS_REQUIRED");
  }
}
/**
 * A booking named a document upload that already belongs to another booking (or to another record):
 * documents belong to the booking they were uploaded for (release 2 A3).
 */
export class DocumentAlreadyUsed extends DomainError {
  constructor(details?: unknown) {
    super("DOCUMENT_ALREADY_USED", undefined, details);
  }
}
/** One e-mail address or phone number already holds the most pending bookings allowed. */
export class TooManyPending extends DomainError {
  constructor() {
    super("TOO_MANY_PENDING");
  }
}
/** A path that was replaced by another (its body says which). */
export class Gone extends DomainError {
  constructor(message?: string) {
    super("GONE", message);
  }
}
/** My booking: no booking matches the reference and contact, or the booking token (one answer for all). */
export class BookingNotFound extends DomainError {
  constructor() {
    super("BOOKING_NOT_FOUND");
  }
}
/** A customer's cancellation that the rules no longer allow; `details.reason` says why. */
export class CancellationClosed extends DomainError {
  constructor(message: string, details: unknown) {
    super("CANCELLATION_CLOSED", message, details);
  }
}
/** Release-2 §C3: a handover that does not follow confirmed → active → completed. */
export class InvalidTransition extends DomainError {
  constructor(details?: unknown) {
    super("INVALID_TRANSITION", undefined, details);
  }
}
/** Release-2 §C3: a check-in odometer reading below the check-out's. */
export class OdometerBeforeCheckout extends DomainError {
  constructor(details: { checkOutOdometerKm: number }) {
    super("ODOMETER_BEFORE_CHECKOUT", undefined, details);
  }
}
