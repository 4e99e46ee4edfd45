import { addDays, manilaToday } from "@car-rental/shared/dates";
import { quoteWithRates } from "@car-rental/shared/pricing";
import { DEFAULT_RATES } from "@car-rental/shared/rates";

export type BenchCar = { id: string; name: string; dailyRate: string; available: boolean };

export type BenchDocuments = { photoId1Url: string; photoId2Url: string; proofOfBillingUrl: string };

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c63000100000500010d0a2db40000000049454e44ae426082",
  "hex",
);

async function uploadDocument(url: string): Promise<string> {
  const ticket = await fetch(`${url}/api/objects/upload`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify({ purpose: "document", contentType: "image/png", size: PNG.length }),
  });
  if (ticket.status !== 200) throw new Error(`upload ticket: ${ticket.status} ${await ticket.text()}`);
  const { uploadURL, objectPath } = (await ticket.json()) as { uploadURL: string; objectPath: string };
  const put = await fetch(uploadURL, { method: "PUT", headers: { "Content-Type": "image/png" }, body: PNG });
  if (put.status >= 300) throw new Error(`upload PUT: ${put.status}`);
  return objectPath;
}

/**
 * The three documents every public booking needs (release 2 A4), uploaded
 * for one booking: a set belongs to the booking that names it first (A3), a
 * second booking naming it answers 422 DOCUMENT_ALREADY_USED.
 */
export async function uploadBenchDocuments(url: string): Promise<BenchDocuments> {
  return {
    photoId1Url: await uploadDocument(url),
    photoId2Url: await uploadDocument(url),
    proofOfBillingUrl: await uploadDocument(url),
  };
}

/**
 * `count` document sets, one per booking a bench will send, uploaded before
 * its timed part (`parallel` sets at a time) so the measured request is the
 * booking alone. Each set counts 3 against the per-address upload limit
 * (300 per 10 minutes times RATE_LIMIT_SCALE, 1000 in the bench).
 */
export async function uploadBenchDocumentSets(
  url: string,
  count: number,
  parallel = 8,
): Promise<BenchDocuments[]> {
  const sets: BenchDocuments[] = [];
  while (sets.length < count) {
    const batch = Math.min(parallel, count - sets.length);
    sets.push(...(await Promise.all(Array.from({ length: batch }, () => uploadBenchDocuments(url)))));
  }
  return sets;
}

/**
 * The `booking` part of a valid public self-drive booking of `car` from
 * `pickupDate` for `days` days, priced as the form prices it with no seasonal
 * rate or length discount (then release 1's price too).
 */
export function bookingFields(car: BenchCar, pickupDate: string, days: number) {
  const returnDate = addDays(pickupDate, days);
  const q = quoteWithRates({
    dailyRate: car.dailyRate,
    pickupDate,
    returnDate,
    driverService: "none",
    distanceService: "none",
    rates: DEFAULT_RATES,
  });
  return {
    carId: car.id,
    pickupDate,
    returnDate,
    pickupTime: "9:00 AM",
    withDriver: false,
    driverService: "none",
    distanceService: "none",
    wantsDelivery: false,
    deliveryAddress: null,
    totalDays: q.days,
    dailyRate: q.dailyRate,
    driverFee: q.driverFee,
    subtotal: q.subtotal,
    insurance: q.insurance,
    total: q.total,
  };
}

/**
 * The JSON body of a valid public booking of `car` from `pickupDate` for
 * `days` days, by customer `n` (its own e-mail and phone: one contact may
 * hold only 2 pending bookings).
 */
export function bookingBody(
  car: BenchCar,
  pickupDate: string,
  days: number,
  n: number,
  documents: BenchDocuments,
): string {
  return JSON.stringify({
    customer: {
      fullName: `Bench Customer ${n}`,
      email: `bench${n}@example.ph`,
      phone: `09${String(n).padStart(9, "0")}`,
      // Release 2 §E3: a self-drive booking names the driver's licence.
      license: `N01-${String(n).padStart(8, "0")}`,
    },
    booking: bookingFields(car, pickupDate, days),
    documents,
  });
}

/**
 * Slots that never overlap: request i takes car i mod n (of the available
 * ones), on its own 2-day slot `startOffsetDays` or more ahead of today.
 */
export function distinctSlots(
  cars: BenchCar[],
  startOffsetDays: number,
): (i: number) => { car: BenchCar; pickupDate: string } {
  const bookable = cars.filter((c) => c.available);
  const today = manilaToday(new Date());
  return (i) => {
    const car = bookable[i % bookable.length];
    if (!car) throw new Error("no bookable car");
    return { car, pickupDate: addDays(today, startOffsetDays + Math.floor(i / bookable.length) * 2) };
  };
}

/**
 * A supply of bookings on distinctSlots, request i with document set i. Give
 * a set per request (see uploadBenchDocumentSets): past the last set they
 * are used again, and those bookings are refused (422, counted as non-2xx).
 */
export function distinctBookings(
  cars: BenchCar[],
  startOffsetDays: number,
  documents: readonly BenchDocuments[],
): () => string {
  const slotOf = distinctSlots(cars, startOffsetDays);
  let i = 0;
  return () => {
    const { car, pickupDate } = slotOf(i);
    const set = documents[i % documents.length];
    if (!set) throw new Error("no document sets");
    const body = bookingBody(car, pickupDate, 1, i, set);
    i += 1;
    return body;
  };
}
