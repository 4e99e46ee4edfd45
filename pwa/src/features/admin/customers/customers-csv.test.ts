import { describe, expect, it } from "vitest";
import {
  buildCustomersCsv,
  CSV_BOM,
  csvCell,
  customerCsvFields,
  customersCsvFileName,
  withOlderBookings,
  type CsvCustomer,
} from "./customers-csv";

const customer: CsvCustomer = {
  fullName: "Juan Dela Cruz",
  email: "juan@example.com",
  phone: "09171234567",
  license: null,
  createdAt: "2026-11-20T18:30:00Z",
  bookings: [
    {
      carName: "Toyota Vios",
      pickupDate: "2026-12-05",
      returnDate: "2026-12-07",
      total: "3500.00",
      status: "completed",
    },
    {
      carName: "Ford Ranger",
      pickupDate: "2026-12-01",
      returnDate: "2026-12-02",
      total: "2000.50",
      status: "pending",
    },
    {
      carName: "Honda City",
      pickupDate: "2026-12-10",
      returnDate: "2026-12-11",
      total: "9999.00",
      status: "cancelled",
    },
  ],
};

describe("csvCell", () => {
  it("leaves plain text alone", () => {
    expect(csvCell("Juan Dela Cruz")).toBe("Juan Dela Cruz");
  });

  it("quotes commas, quotes and line breaks, doubling quotes (RFC 4180)", () => {
    expect(csvCell("Cruz, Juan")).toBe('"Cruz, Juan"');
    expect(csvCell('Juan "JD" Cruz')).toBe('"Juan ""JD"" Cruz"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });

  it.each(["=SUM(A1:A2)", "+cmd|' /C calc'!A0", "-2+3", "-A1", "@cmd", "\tx", "\rx"])(
    "neutralises the formula %j",
    (value) => {
      const cell = csvCell(value);
      const unquoted = cell.startsWith('"') ? cell.slice(1, -1) : cell;
      expect(unquoted.startsWith("'")).toBe(true);
      expect(unquoted.slice(1)).toBe(value);
    },
  );

  it.each(["+63 917 123 4567", "+639171234567", "-500", "+1 (555) 010-9999"])(
    "keeps the phone number or plain number %j as it is",
    (value) => {
      expect(csvCell(value)).toBe(value);
    },
  );

  it("quotes a guarded cell that also needs quoting", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });
});

describe("buildCustomersCsv", () => {
  const csv = buildCustomersCsv([
    customer,
    { ...customer, fullName: "Maria, Clara", license: "N01-23-456789", bookings: [] },
  ]);

  it("starts with a UTF-8 BOM and ends every line with CRLF", () => {
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(csv.slice(1).split("\r\n")).toHaveLength(4);
    expect(csv.replace(/\r\n/g, "").includes("\n")).toBe(false);
  });

  it("has the spec's columns", () => {
    expect(csv.slice(1).split("\r\n")[0]).toBe(
      "Name,Email,Phone,License,Total Bookings,Total Spent,Registration Date,Booking History",
    );
  });

  it("writes N/A for a missing license, counts bookings, sums what was not cancelled, dates in Manila", () => {
    const [, first, second] = csv.slice(1).split("\r\n");
    expect(first).toBe(
      'Juan Dela Cruz,juan@example.com,09171234567,N/A,3,5500.50,2026-11-21,"' +
        "Ford Ranger (2026-12-01 to 2026-12-02, pending, ₱2,000.50); " +
        "Toyota Vios (2026-12-05 to 2026-12-07, completed, ₱3,500); " +
        'Honda City (2026-12-10 to 2026-12-11, cancelled, ₱9,999)"',
    );
    expect(second).toBe('"Maria, Clara",juan@example.com,09171234567,N01-23-456789,0,0.00,2026-11-21,');
  });
});

describe("customersCsvFileName", () => {
  it("carries the Manila date", () => {
    expect(customersCsvFileName(new Date("2026-11-21T17:00:00Z"))).toBe("customers-2026-11-22.csv");
  });
});

describe("withOlderBookings", () => {
  const recent = {
    id: "b-recent",
    carName: "Toyota Vios",
    pickupDate: "2026-10-01",
    returnDate: "2026-10-03",
    total: "5000.00",
    status: "completed" as const,
  };
  const broughtByDelta = {
    id: "b-old-1",
    carName: "Ford Ranger",
    pickupDate: "2024-03-04",
    returnDate: "2024-03-06",
    total: "6000.00",
    status: "completed" as const,
  };
  const olderOnly = {
    id: "b-old-2",
    carName: "Honda City",
    pickupDate: "2023-01-10",
    returnDate: "2023-01-12",
    total: "4000.00",
    status: "completed" as const,
  };
  const base = { ...customer, id: "c-1" };

  it("adds the server's older bookings to the tablet's, each booking once", () => {
    const [merged] = withOlderBookings(
      [{ ...base, bookings: [recent, broughtByDelta] }],
      new Map([["c-1", [broughtByDelta, olderOnly]]]),
    );
    expect(merged?.bookings.map((booking) => booking.carName)).toEqual([
      "Toyota Vios",
      "Ford Ranger",
      "Honda City",
    ]);
    const fields = customerCsvFields(merged ?? customer);
    expect(fields[4]).toBe("3");
    expect(fields[5]).toBe("15000.00");
    expect(fields[7]?.startsWith("Honda City (2023-01-10 to 2023-01-12")).toBe(true);
  });

  it("leaves a customer without older bookings as the tablet has it", () => {
    const tablet = { ...base, bookings: [recent] };
    expect(withOlderBookings([tablet], new Map())[0]).toBe(tablet);
  });
});
