/**
 * Every user-facing text of spec §5 and §8, word for word. Both the server
 * (error bodies) and the PWA (toasts, inline messages) read them here.
 */

export const validationMessages = {
  fullNameRequired: "Full name is required",
  validEmailRequired: "Valid email is required",
  validPhoneRequired: "Valid phone number is required",
  pickupDateRequired: "Pick-up date is required",
  returnDateRequired: "Return date is required",
  acceptTerms: "You must accept the terms and conditions",
  deliveryAddressRequired: "Delivery address is required",
  // Release-2 §E3: the licence is required for self-drive.
  licenseRequired: "Driver's license number is required",
  required: "Required",
  invalidInput: "Invalid input",
  invalidDate: "Invalid date",
  // Rules of decisions.md that the spec does not word; phrased for the customer.
  pickupInPast: "Pick-up date cannot be in the past",
  returnNotAfterPickup: "Return date must be after the pick-up date",
  invalidPickupTime: "Pick-up time must be one of the available time slots",
  rentalTooLong: "This rental is too long to book online. Please contact us.",
  onlineRentalTooLong: "Rentals longer than 30 days: please contact us.",
  tooLong: "This text is too long",
  invalidObjectPath: "Invalid file reference",
  invalidImage: "Invalid car image",
} as const;

export type Toast = { readonly title: string; readonly description?: string };

export const GENERIC_FAILURE = "Something went wrong. Please try again.";

export const BLOCKED_NAME_MESSAGE =
  "Your name is blocked. Do you think this is a mistake? Please contact us.";

export const bookingToasts = {
  noCarSelected: { title: "No Car Selected", description: "Please select a car first." },
  notAllowed: { title: "Booking Not Allowed", description: BLOCKED_NAME_MESSAGE },
  documentsRequired: {
    title: "Documents Required",
    description: "Please upload both Photo IDs and Proof of Billing before submitting your booking.",
  },
  failed: { title: "Booking Failed", description: GENERIC_FAILURE },
  confirmed: {
    title: "Booking Confirmed!",
    description: "Your booking has been submitted successfully. Check your email for confirmation.",
  },
  documentsAttachFailed: {
    title: "Booking Created",
    description: "Booking successful, but document upload may need retry.",
  },
} as const satisfies Record<string, Toast>;

export const bookingLabels = {
  submit: "Book Now",
  processing: "Processing...",
  blocked: "Booking Blocked - Contact Us",
  noCar: "Please select a car to continue with booking",
  browseFleet: "Browse Our Fleet",
} as const;

export const uploadToasts = {
  photoId1: { title: "Photo ID #1 Uploaded" },
  photoId2: { title: "Photo ID #2 Uploaded" },
  proofOfBilling: { title: "Proof of Billing Uploaded" },
  image: { title: "Image uploaded successfully!" },
  error: { title: "Upload Error" },
  failed: { title: "Upload Failed" },
  // Not worded by the spec: a car picture chosen without a connection waits on the device.
  imageKept: {
    title: "Image kept on this device",
    description: "It is uploaded with the car when the connection is back.",
  },
} as const satisfies Record<string, Toast>;

export const uploadMessages = {
  dialogNote: "Upload an image to continue",
  noUploadUrl: "No upload URL received from server",
  noFilesProcessed: "No files were processed. Please try again.",
  invalidUploadUrl: "Invalid upload URL received",
  /** Not worded by the spec: an upload tried without a connection (it needs the server's signed address). */
  offline: "You are offline. Connect to the internet to upload this document.",
} as const;

/** A contact message sent without a subject, as the admin's Messages and the owner's mail name it. */
export const NO_CONTACT_SUBJECT = "No subject";

export const contactToasts = {
  missingFields: { title: "Required Fields Missing", description: "Please fill in all required fields." },
  failed: { title: "Failed to Send Message", description: GENERIC_FAILURE },
  sent: { title: "Message Sent!", description: "Thank you for contacting us. We will get back to you soon." },
  // Not worded by the spec: the offline queue of decisions.md.
  queued: {
    title: "Message Saved",
    description: "You are offline. Your message will be sent when the connection returns.",
  },
} as const satisfies Record<string, Toast>;

export const adminAccess = {
  incorrectPassword: "Incorrect password. Please try again.",
  denied: { title: "Access Denied" },
  granted: { title: "Access Granted" },
  loggedOut: { title: "Logged Out" },
} as const;

export const ADMIN_ERROR_TITLE = "Error";

/** Not worded by the spec: a second customer with an e-mail already on file (compared case-insensitively). */
export const DUPLICATE_EMAIL_MESSAGE = "A customer with this email already exists.";

/** Fallback descriptions of the 'Error' toast when the server gave no message. */
export const adminFailures = {
  addCar: "Failed to add car",
  updateCar: "Failed to update car",
  deleteCar: "Failed to delete car",
  addCustomer: "Failed to add customer",
  /** Not worded by the spec: New Booking for a customer on file. */
  addBooking: "Failed to add booking",
  updateCustomer: "Failed to update customer",
  deleteCustomer: "Failed to delete customer",
  updateBookingStatus: "Failed to update booking status",
  updatePayment: "Failed to update payment",
  blockName: "Failed to block name",
  unblockName: "Failed to unblock name",
  blockDates: "Failed to block dates",
  removeBlock: "Failed to remove block",
  checkOut: "Failed to check out",
  checkIn: "Failed to check in",
  addRatePeriod: "Failed to add rate period",
  updateRatePeriod: "Failed to update rate period",
  deleteRatePeriod: "Failed to delete rate period",
  saveLengthDiscounts: "Failed to save length discounts",
} as const;

export const adminSuccess = {
  addCar: "Car added successfully!",
  updateCar: "Car updated successfully!",
  deleteCar: "Car deleted successfully!",
  addCustomer: "Customer added successfully!",
  /** Not worded by the spec: New Booking for a customer on file. */
  addBooking: "Booking added successfully!",
  updateCustomer: "Customer updated successfully!",
  updateBookingStatus: "Booking status updated!",
  updatePayment: "Payment updated successfully!",
  blockName: "Name blocked successfully!",
  unblockName: "Name unblocked successfully!",
  blockDates: "Dates blocked successfully!",
  removeBlock: "Block removed successfully!",
  checkOut: "Car checked out successfully!",
  checkIn: "Car checked in successfully!",
  addRatePeriod: "Rate period added successfully!",
  updateRatePeriod: "Rate period updated successfully!",
  deleteRatePeriod: "Rate period deleted successfully!",
  saveLengthDiscounts: "Length discounts saved successfully!",
  exportComplete: "Export Complete",
} as const;

export const carFormMessages = {
  validationError: { title: "Validation Error", description: "Please upload a car image" },
} as const;

/** Shown when an admin change is stored locally and waits for the connection. */
export const offlineToasts = {
  savedOffline: {
    title: "Saved Offline",
    description: "Your change is saved and will sync when you are back online.",
  },
} as const satisfies Record<string, Toast>;

export const popupBlocked = (url: string): string =>
  `Your browser blocked the popup. Please allow popups for this site, or open this address: ${url}`;

/** Server error codes and their default messages (the `{error: {code, message}}` body). */
export const errorMessages = {
  DATES_UNAVAILABLE: "These dates are no longer available for this car. Please choose other dates.",
  PRICE_CHANGED: "The price of this booking has changed. Please review the new total and submit again.",
  NAME_BLOCKED: BLOCKED_NAME_MESSAGE,
  CAR_UNAVAILABLE: "This car is not available for booking.",
  NOT_FOUND: "Not found",
  VALIDATION_FAILED: "Invalid input",
  UNAUTHORIZED: "Please sign in to continue.",
  INVALID_PASSWORD: "Incorrect password. Please try again.",
  PASSWORD_TOO_WEAK:
    "This password is too easy to guess: use at least 12 characters and avoid common passwords and words.",
  TOO_MANY_REQUESTS: "Too many attempts. Please wait a moment and try again.",
  FORBIDDEN_ORIGIN: "Cross-origin requests are not allowed.",
  UNSUPPORTED_MEDIA_TYPE: "Requests must be sent as JSON.",
  PAYLOAD_TOO_LARGE: "The request is too large.",
  METHOD_NOT_ALLOWED: "This method is not allowed here.",
  IDEMPOTENCY_KEY_REUSED: "This Idempotency-Key was already used with a different request.",
  IDEMPOTENCY_IN_PROGRESS: "The same request is still being processed. Please retry shortly.",
  ID_TAKEN: "A record with this id already exists with other content.",
  PAYMENT_INVALID: "The payment amount must be a positive number.",
  PAYMENT_EXCEEDS_BALANCE: "The payment amount exceeds the balance still owed.",
  UPLOAD_INVALID: "The uploaded file is not an allowed type.",
  UPLOAD_TOO_LARGE: "The uploaded file is too large.",
  UPLOAD_EXPIRED: "This upload address has expired or was already used.",
  DOCUMENTS_REQUIRED: "Please upload both Photo IDs and Proof of Billing before submitting your booking.",
  DOCUMENT_ALREADY_USED:
    "One of these documents already belongs to another booking. Please upload your documents again for this booking.",
  TOO_MANY_PENDING:
    "This e-mail address or phone number already has 2 bookings waiting for confirmation. Please wait for the shop to confirm them or contact us.",
  GONE: "This address is no longer available.",
  BOOKING_NOT_FOUND:
    "No booking matches this booking reference and e-mail or phone. Please check both and try again.",
  CANCELLATION_CLOSED:
    "This booking can no longer be cancelled online: only pending or confirmed bookings, at least 24 hours before pickup. Please call us.",
  INVALID_TRANSITION:
    "This booking cannot make that change now: a confirmed booking goes out with Check out, an active one comes back with Check in.",
  ODOMETER_BEFORE_CHECKOUT: "The odometer reading cannot be lower than the reading at check-out.",
  DATABASE_UNAVAILABLE: "The service is temporarily unavailable. Please try again shortly.",
  INTERNAL: GENERIC_FAILURE,
} as const;

export type ErrorCode = keyof typeof errorMessages;

/** HTTP status of each error code: the server answers with it, the API reference documents it. */
export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  DATES_UNAVAILABLE: 409,
  PRICE_CHANGED: 409,
  NAME_BLOCKED: 403,
  CAR_UNAVAILABLE: 409,
  UNAUTHORIZED: 401,
  INVALID_PASSWORD: 401,
  PASSWORD_TOO_WEAK: 422,
  TOO_MANY_REQUESTS: 429,
  FORBIDDEN_ORIGIN: 403,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  METHOD_NOT_ALLOWED: 405,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_IN_PROGRESS: 409,
  ID_TAKEN: 409,
  PAYMENT_INVALID: 422,
  PAYMENT_EXCEEDS_BALANCE: 422,
  UPLOAD_INVALID: 415,
  UPLOAD_TOO_LARGE: 413,
  UPLOAD_EXPIRED: 410,
  DOCUMENTS_REQUIRED: 400,
  DOCUMENT_ALREADY_USED: 422,
  TOO_MANY_PENDING: 429,
  GONE: 410,
  BOOKING_NOT_FOUND: 404,
  CANCELLATION_CLOSED: 409,
  INVALID_TRANSITION: 409,
  ODOMETER_BEFORE_CHECKOUT: 422,
  DATABASE_UNAVAILABLE: 503,
  INTERNAL: 500,
};
