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

/** The three documents every public booking needs (release 2). */
export async function uploadBenchDocuments(url: string): Promise<BenchDocuments> {
  const [photoId1Url, photoId2Url, proofOfBillingUrl] = await Promise.all([
    uploadDocument(url),
    uploadDocument(url),
    uploadDocument(url),
  ]);
  if (!photoId1Url || !photoId2Url || !proofOfBillingUrl) throw new Error("an upload gave no path");
  return { photoId1Url, photoId2Url, proofOfBillingUrl };
}

/**
 * `count` sets of documents, each a booking's own, as customers upload them:
 * a booking locks the objects it attaches until it commits, so bookings
 * sharing one set would queue behind each other, which real customers
 * (each with their own photos) never do. Uploaded `parallel` sets at a time.
 */
export async function uploadBenchDocumentSets(
  url: string,
  count: number,
  parallel = 8,
): Promise<BenchDocuments[]> {
  const sets: BenchDocuments[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      sets.push(await uploadBenchDocuments(url));
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return sets;
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
  const returnDate = addDays(pickupDate, days);
  const q = quoteWithRates({
    dailyRate: car.dailyRate,
    pickupDate,
    returnDate,
    driverService: "none",
    distanceService: "none",
    rates: DEFAULT_RATES,
  });
  return JSON.stringify({
    customer: {
      fullName: `Bench Customer ${n}`,
      email: `bench${n}@example.ph`,
      phone: `09${String(n).padStart(9, "0")}`,
      // Release 2 §E3: a self-drive booking names the driver's licence.
      license: `N01-${String(n).padStart(8, "0")}`,
    },
    booking: {
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
    },
    documents,
  });
}

/**
 * A supply of bookings that never overlap: request i takes car i mod n, on
 * its own 2-day slot far enough ahead of today, with document set i (one
 * booking per set: a supply of `documents.length` bookings).
 */
export function distinctBookings(
  cars: BenchCar[],
  startOffsetDays: number,
  documents: BenchDocuments[],
): () => string {
  const bookable = cars.filter((c) => c.available);
  let i = 0;
  const today = manilaToday(new Date());
  return () => {
    const car = bookable[i % bookable.length];
    if (!car) throw new Error("no bookable car");
    const slot = Math.floor(i / bookable.length);
    const own = documents[i];
    if (!own) throw new Error(`only ${documents.length} document sets for booking ${i + 1}`);
    const body = bookingBody(car, addDays(today, startOffsetDays + slot * 2), 1, i, own);
    i += 1;
    return body;
  };
}
