/** Business constants of spec §9 and decisions.md. A fact lives here once (or in site.ts, re-exported here). */
import { contactSettings, PCC_NAME } from "./site";

export {
  contactSettings,
  marketingClaims,
  PCC_NAME,
  TOAST_DURATION_MS,
  TOOLTIP_OPEN_DELAY_MS,
  TOOLTIP_SKIP_DELAY_MS,
} from "./site";

export const BUSINESS_TIME_ZONE = "Asia/Manila";

/** The sister car-care shop: same premises and primary phone as the rental, its own e-mail. */
export const pccSettings = {
  name: PCC_NAME,
  address: contactSettings.address,
  mapsUrl: contactSettings.mapsUrl,
  phone: contactSettings.phones[0],
  phoneTel: contactSettings.primaryPhoneTel,
  email: "carcare@alaminoscarrental.ph",
  services: [
    {
      key: "oil-change",
      name: "Oil Change",
      description:
        "Engine oil and filter replaced with the grade your engine's maker specifies, with a free multi-point check.",
    },
    {
      key: "tires",
      name: "Tires",
      description:
        "New tires, rotation, balancing and wheel alignment so the car tracks straight and wears evenly.",
    },
    {
      key: "brakes",
      name: "Brakes",
      description:
        "Pads, shoes, discs and brake fluid inspected and replaced, tested on the road before release.",
    },
    {
      key: "underchassis",
      name: "Underchassis",
      description:
        "Suspension, steering, bushings and shocks checked and repaired for a quiet, safe ride on provincial roads.",
    },
    {
      key: "atf-dialysis",
      name: "ATF Dialysis",
      description:
        "Automatic transmission fluid exchanged by machine, flushing old fluid out for smoother shifting.",
    },
  ],
} as const;

export const INSURANCE_FEE = "500.00";

export const DRIVER_SERVICES = ["none", "within_pangasinan", "outside_pangasinan"] as const;
export type DriverService = (typeof DRIVER_SERVICES)[number];

export const DISTANCE_SERVICES = ["none", "outside_pangasinan_500", "over_250km_800"] as const;
export type DistanceService = (typeof DISTANCE_SERVICES)[number];

/** Pesos per day, as decimal strings. */
export const driverRates: Record<DriverService, string> = {
  none: "0.00",
  within_pangasinan: "1500.00",
  outside_pangasinan: "2000.00",
};

export const distanceRates: Record<DistanceService, string> = {
  none: "0.00",
  outside_pangasinan_500: "500.00",
  over_250km_800: "800.00",
};

export const driverServiceOptions: Record<DriverService, { label: string; description: string }> = {
  none: { label: "Self Drive", description: "You drive the vehicle yourself. No driver fee." },
  within_pangasinan: {
    label: "With Driver - Within Pangasinan",
    description: "Professional driver for trips within Pangasinan: ₱1,500 per day.",
  },
  outside_pangasinan: {
    label: "With Driver - Outside Pangasinan",
    description: "Professional driver for trips outside Pangasinan: ₱2,000 per day.",
  },
};

export const distanceServiceOptions: Record<DistanceService, { label: string; description: string }> = {
  none: { label: "Within Pangasinan", description: "Staying within Pangasinan. No distance fee." },
  outside_pangasinan_500: {
    label: "Outside Pangasinan",
    description: "Trips outside Pangasinan: ₱500 per day.",
  },
  over_250km_800: {
    label: "Over 250 km",
    description: "Long trips of more than 250 km: ₱800 per day.",
  },
};

/**
 * `expired`: a pending booking the admin did not confirm within the hold
 * (release 2 A4, PENDING_HOLD_HOURS); its dates are free again.
 * `active`: the car is out (release 2 §C3): a confirmed booking becomes
 * active only by its check-out and completed only by its check-in.
 */
export const BOOKING_STATUSES = [
  "pending",
  "confirmed",
  "active",
  "cancelled",
  "completed",
  "expired",
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/**
 * Statuses whose bookings hold their car's dates: the set the database's
 * `booking_occupies()` holds (db/migrations, the handovers migration).
 */
export const ACTIVE_BOOKING_STATUSES = [
  "pending",
  "confirmed",
  "active",
] as const satisfies readonly BookingStatus[];

export const TRANSMISSIONS = ["Automatic", "Manual"] as const;
export type Transmission = (typeof TRANSMISSIONS)[number];

export const FUELS = ["Gas", "Diesel", "Hybrid"] as const;
export type Fuel = (typeof FUELS)[number];

export const KNOWN_CATEGORIES = ["Premium SUV", "Adventure SUV", "Compact Sedan"] as const;

export const UPLOAD_ITEM_STATES = [
  "waiting",
  "preprocessing",
  "uploading",
  "postprocessing",
  "paused",
  "complete",
  "error",
] as const;
export type UploadItemState = (typeof UPLOAD_ITEM_STATES)[number];

/** The nine bookable pickup slots, 9:00 AM to 5:00 PM hourly, with their hour of day. */
export const TIME_SLOTS = [
  { label: "9:00 AM", hour: 9 },
  { label: "10:00 AM", hour: 10 },
  { label: "11:00 AM", hour: 11 },
  { label: "12:00 PM", hour: 12 },
  { label: "1:00 PM", hour: 13 },
  { label: "2:00 PM", hour: 14 },
  { label: "3:00 PM", hour: 15 },
  { label: "4:00 PM", hour: 16 },
  { label: "5:00 PM", hour: 17 },
] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number]["label"];
export const DEFAULT_PICKUP_TIME: TimeSlot = "9:00 AM";

/** Longest rental the admin may record. */
export const MAX_RENTAL_DAYS = 365;

/** Longest rental booked online (release 2 A4); longer ones are arranged with the shop. */
export const MAX_ONLINE_RENTAL_DAYS = 30;

/** Pending public bookings one e-mail address, and one phone number, may hold at once (release 2 A4). */
export const MAX_PENDING_BOOKINGS_PER_CONTACT = 2;

/** A booking token works until this many days after the booking's return date (release 2 A3). */
export const BOOKING_TOKEN_DAYS_AFTER_RETURN = 30;

/** The blocked-name check runs once the trimmed name is longer than this (spec §5). */
export const BLOCKED_NAME_CHECK_AFTER_CHARS = 2;

/** A car is busy from pickup until return plus this turnaround. */
export const TURNAROUND_HOURS = 2;

export const CONTACT_TOPICS = [
  "General Inquiry",
  "Booking Question",
  "Fleet Information",
  "Corporate Rentals",
  "VIP Booking",
  "All Package Booking",
  "Support",
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const contactTopicNotes: Partial<Record<ContactTopic, string>> = {
  "VIP Booking":
    "VIP Booking includes luxury vehicles, priority support, a professional driver and enhanced amenities.",
  "All Package Booking":
    "All Package Booking includes the vehicle, a driver, a fuel allowance, insurance and extras.",
};

/** Informational delivery fees (pesos), not added to the total. */
export const DELIVERY_FEES = [
  { destination: "Within Alaminos City", fee: null },
  { destination: "Alaminos", fee: "200.00" },
  { destination: "Mabini", fee: "400.00" },
  { destination: "Lingayen", fee: "500.00" },
  { destination: "Bolinao", fee: "600.00" },
  { destination: "Calasiao", fee: "800.00" },
  { destination: "San Fabian", fee: "900.00" },
] as const;

export const rentalTerms = {
  maxSpeedKph: 105,
  minimumAge: 21,
  minimumDrivingYears: 1,
  freeCancellationHours: 24,
  lateCancellationRefundPercent: 50,
  noShowRefundPercent: 0,
  dataRetentionYears: 7,
  privacyMinimumAge: 18,
  /** Release-2 §E2: each car has a deposit, this much unless the owner sets another (pesos). */
  defaultDeposit: "3000.00",
} as const;

/** Release 2 §C3: at most this many photos per check-out or check-in. */
export const HANDOVER_MAX_PHOTOS = 12;
/** The fuel gauge in eighths: 0 (empty) to 8 (full). */
export const FUEL_EIGHTHS_MAX = 8;
/** Photos are downscaled in the browser to this long side (px) before upload, as JPEG. */
export const HANDOVER_PHOTO_LONG_SIDE = 1600;

export const DOCUMENT_MAX_BYTES = 5_242_880;
export const CAR_IMAGE_MAX_BYTES = 10_485_760;
export const DOCUMENT_CONTENT_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;
export const CAR_IMAGE_CONTENT_TYPES = ["image/jpeg", "image/png"] as const;
export const UPLOAD_PURPOSES = ["document", "car-image"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export const UPLOAD_URL_TTL_MINUTES = 15;

export const DOCUMENT_KINDS = ["photoId1Url", "photoId2Url", "proofOfBillingUrl"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const ADMIN_OVERVIEW_RECENT_BOOKINGS = 5;
export const ADMIN_OVERVIEW_CARS = 5;

export const CALENDAR_CELLS = 42;

/** Default picture for a car whose image is unknown. */
export const DEFAULT_CAR_IMAGE = "default-car.svg";
