import { addDays, manilaToday } from "@car-rental/shared/dates";
import { quote } from "@car-rental/shared/pricing";

export type BenchCar = { id: string; name: string; dailyRate: string; available: boolean };

/** The JSON body of a valid public booking of `car` from `pickupDate` for `days` days. */
export function bookingBody(car: BenchCar, pickupDate: string, days: number, n: number): string {
  const returnDate = addDays(pickupDate, days);
  const q = quote({
    dailyRate: car.dailyRate,
    pickupDate,
    returnDate,
    driverService: "none",
    distanceService: "none",
  });
  return JSON.stringify({
    customer: { fullName: `Bench Customer ${n}`, email: `bench${n}@example.ph`, phone: "09171234567" },
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
  });
}

/**
 * An endless supply of bookings that never overlap: request i takes car
 * i mod n, on its own 2-day slot far enough ahead of today.
 */
export function distinctBookings(cars: BenchCar[], startOffsetDays: number): () => string {
  const bookable = cars.filter((c) => c.available);
  let i = 0;
  const today = manilaToday(new Date());
  return () => {
    const car = bookable[i % bookable.length];
    if (!car) throw new Error("no bookable car");
    const slot = Math.floor(i / bookable.length);
    const body = bookingBody(car, addDays(today, startOffsetDays + slot * 2), 1, i);
    i += 1;
    return body;
  };
}
