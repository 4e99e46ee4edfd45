/** Builders shared by the booking and car route tests (not used by the server). */
import type { Knex } from "knex";
import type { DistanceService, DriverService, TimeSlot } from "@car-rental/shared/constants";
import { pickupTimeToClock } from "@car-rental/shared/availability";
import { diffDays } from "@car-rental/shared/dates";
import { quoteWithRates } from "@car-rental/shared/pricing";
import { DEFAULT_RATES, type Rates } from "@car-rental/shared/rates";
import type { PublicBookingRequestBody } from "@car-rental/shared/schemas/booking";
import { carSchema, type Car } from "@car-rental/shared/schemas/car";
import { z } from "zod";
import type { TestServer } from "../../test-server";

/** The public fleet as the server answers it. */
export async function publicCars(server: TestServer): Promise<Car[]> {
  const res = await server.request("GET", "/api/cars");
  if (res.status !== 200) throw new Error(`GET /api/cars answered ${res.status}`);
  return z.array(carSchema).parse(await res.json());
}

export type BookingOptions = {
  car: Pick<Car, "id" | "dailyRate">;
  pickupDate: string;
  returnDate: string;
  pickupTime?: TimeSlot;
  fullName?: string;
  email?: string;
  phone?: string;
  /** The driver's licence number; null sends none. */
  license?: string | null;
  driverService?: DriverService;
  distanceService?: DistanceService;
  documents?: PublicBookingRequestBody["documents"];
  /** The owner's rates the booking page read (default: a new database's, see DEFAULT_RATES). */
  rates?: Rates;
};

let contactCounter = 0;

/**
 * A valid `POST /api/bookings` body, priced with the shared quote under
 * `options.rates` as the booking page does. Without an explicit e-mail or phone, each body gets its
 * own (one e-mail or phone may hold only 2 pending bookings). Give
 * `documents` (see `uploadDocuments`): the server requires all three.
 */
export function bookingBody(options: BookingOptions): PublicBookingRequestBody {
  contactCounter += 1;
  const n = contactCounter;
  const driverService = options.driverService ?? "none";
  const distanceService = options.distanceService ?? "none";
  const q = quoteWithRates({
    dailyRate: options.car.dailyRate,
    pickupDate: options.pickupDate,
    returnDate: options.returnDate,
    driverService,
    distanceService,
    rates: options.rates ?? DEFAULT_RATES,
  });
  return {
    customer: {
      fullName: options.fullName ?? "Maria Santos",
      email: options.email ?? `maria.santos+${n}@example.ph`,
      phone: options.phone ?? `0917${String(n).padStart(7, "0")}`,
      license: options.license === undefined ? "N01-23-456789" : options.license,
    },
    booking: {
      carId: options.car.id,
      pickupDate: options.pickupDate,
      returnDate: options.returnDate,
      pickupTime: options.pickupTime ?? "9:00 AM",
      withDriver: q.withDriver,
      driverService,
      distanceService,
      wantsDelivery: false,
      deliveryAddress: null,
      totalDays: q.days,
      dailyRate: q.dailyRate,
      driverFee: q.driverFee,
      subtotal: q.subtotal,
      insurance: q.insurance,
      total: q.total,
      distanceFee: q.distanceFee,
    },
    ...(options.documents ? { documents: options.documents } : {}),
  };
}

/** Uploads a small real file through the API and returns its object path. */
export async function uploadObject(
  server: TestServer,
  purpose: "document" | "car-image",
  cookie?: string,
): Promise<string> {
  // A minimal PNG signature plus an IHDR chunk: enough for magic-number checks.
  const png = Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c63000100000500010d0a2db40000000049454e44ae426082",
    "hex",
  );
  const ticketRes = await server.request("POST", "/api/objects/upload", {
    body: { purpose, contentType: "image/png", size: png.length },
    // As a browser's same-origin POST does.
    headers: { Origin: server.url },
    ...(cookie ? { cookie } : {}),
  });
  if (ticketRes.status !== 200)
    throw new Error(`upload ticket: ${ticketRes.status} ${await ticketRes.text()}`);
  const ticket = z.object({ uploadURL: z.string(), objectPath: z.string() }).parse(await ticketRes.json());
  const put = await fetch(ticket.uploadURL, {
    method: "PUT",
    headers: { "Content-Type": "image/png" },
    body: png,
  });
  if (put.status >= 300) throw new Error(`upload PUT: ${put.status} ${await put.text()}`);
  return ticket.objectPath;
}

export type DocumentPaths = { photoId1Url: string; photoId2Url: string; proofOfBillingUrl: string };

/** Uploads the three documents a public booking requires (real files, through the API). */
export async function uploadDocuments(server: TestServer): Promise<DocumentPaths> {
  return {
    photoId1Url: await uploadObject(server, "document"),
    photoId2Url: await uploadObject(server, "document"),
    proofOfBillingUrl: await uploadObject(server, "document"),
  };
}

/** Inserts a customer row directly (for states the API cannot create, e.g. past bookings). */
export async function insertCustomer(
  knex: Knex,
  values: { fullName: string; email: string; phone?: string },
): Promise<string> {
  const [row] = await knex("customers")
    .insert({ full_name: values.fullName, email: values.email, phone: values.phone ?? "09170000000" })
    .returning<{ id: string }[]>("id");
  if (!row) throw new Error("no customer inserted");
  return row.id;
}

/** Inserts a booking row directly, priced plainly; returns its id. */
export async function insertBookingRow(
  knex: Knex,
  values: {
    customerId: string;
    carId: string;
    pickupDate: string;
    returnDate: string;
    pickupTime?: TimeSlot;
    status?: "pending" | "confirmed" | "cancelled" | "completed" | "expired";
    total?: string;
  },
): Promise<string> {
  const [row] = await knex("bookings")
    .insert({
      customer_id: values.customerId,
      car_id: values.carId,
      pickup_date: values.pickupDate,
      return_date: values.returnDate,
      pickup_time: pickupTimeToClock(values.pickupTime ?? "9:00 AM"),
      total_days: diffDays(values.pickupDate, values.returnDate),
      daily_rate: "1000.00",
      subtotal: "1000.00",
      total: values.total ?? "1500.00",
      insurance: "500.00",
      status: values.status ?? "pending",
    })
    .returning<{ id: string }[]>("id");
  if (!row) throw new Error("no booking inserted");
  return row.id;
}

export const errorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});

/** The `{error}` body of a refusal. */
export async function errorOf(res: Response): Promise<z.infer<typeof errorSchema>["error"]> {
  return errorSchema.parse(await res.json()).error;
}
