import { useEffect, useState } from "react";
import { databaseMayExist } from "../../data/database-name";
import { loadDataLibraries } from "../../lib/data-libraries";
import { anchorLook, Stack, Text } from "../../lib/light-ui";
import type { KeptBookingLink } from "./kept-bookings-links";

/**
 * The kept bookings' links. The browser's database (Dexie) and the code
 * reading it load only where the database exists: a first visit loads none of it.
 */
async function loadKeptBookings(): Promise<KeptBookingLink[]> {
  if (!(await databaseMayExist())) return [];
  await loadDataLibraries();
  const { keptBookingLinks } = await import("./kept-bookings-links");
  return keptBookingLinks();
}

/** The bookings opened on this device before: each opens again without typing (and offline). */
export function KeptBookings() {
  const [links, setLinks] = useState<readonly KeptBookingLink[]>([]);
  useEffect(() => {
    let current = true;
    loadKeptBookings().then(
      (found) => {
        if (current) setLinks(found);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  if (links.length === 0) return null;
  return (
    <section aria-label="Bookings opened on this device">
      <Text style={{ marginBottom: "calc(0.25rem * var(--mantine-scale))", fontWeight: 700 }}>
        Opened on this device
      </Text>
      <Stack gap={4}>
        {links.map((link) => (
          <a key={link.id} href={link.href} {...anchorLook()}>
            {link.text}
          </a>
        ))}
      </Stack>
    </section>
  );
}
