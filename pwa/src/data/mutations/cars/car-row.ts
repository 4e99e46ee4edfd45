/** The optimistic mirror row of a car added or edited in the browser. */
import { manilaToday } from "@car-rental/shared/dates";
import { carInputSchema, type CarInputBody } from "@car-rental/shared/schemas/car";
import type { LocalAdminCar } from "../../db";
import { nowIso } from "../mutation";
import { carImageRef } from "./car-image-files";

/** The PUT body of an existing car with some fields changed (a PUT replaces every field). */
export function carBody(car: LocalAdminCar, changes: Partial<CarInputBody> = {}): CarInputBody {
  return {
    name: car.name,
    category: car.category,
    dailyRate: car.dailyRate,
    deposit: car.deposit,
    seats: car.seats,
    transmission: car.transmission,
    fuel: car.fuel,
    image: car.image,
    description: car.description,
    mileage: car.mileage,
    year: car.year,
    plateNumber: car.plateNumber,
    available: car.available,
    ...changes,
  };
}

/** The row as the server will store it (defaults applied); `base` is the row being edited. */
export function carRow(id: string, body: CarInputBody, base?: LocalAdminCar): LocalAdminCar {
  // The image may be a picture kept on this device until the change is sent (car-image-files.ts).
  const input = carInputSchema.extend({ image: carImageRef.optional() }).parse(body);
  return {
    id,
    name: input.name,
    category: input.category,
    dailyRate: input.dailyRate,
    deposit: input.deposit,
    seats: input.seats,
    transmission: input.transmission,
    fuel: input.fuel,
    image: input.image ?? base?.image ?? "",
    description: input.description,
    mileage: input.mileage,
    year: input.year ?? Number(manilaToday(new Date()).slice(0, 4)),
    plateNumber: input.plateNumber,
    available: input.available,
    createdAt: base?.createdAt ?? nowIso(),
    version: base?.version ?? 0,
    updatedAt: nowIso(),
    deletedAt: null,
    _pending: true,
  };
}
