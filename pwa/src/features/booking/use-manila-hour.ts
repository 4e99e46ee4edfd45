import { useEffect, useState } from "react";
import { manilaNow } from "@car-rental/shared/dates";
import type { ManilaHour } from "./pickup-slots";

const HOUR_MS = 3_600_000;

const systemClock = () => new Date();

function manilaHour(instant: Date): ManilaHour {
  const { date, hour } = manilaNow(instant);
  return { date, hour };
}

/**
 * Manila's date and hour, rendered again when the hour changes: a page left
 * open past a pickup slot (or past midnight) stops offering it. `clock` is
 * injectable for tests; pass a stable function (a new one restarts the timer).
 */
export function useManilaHour(clock: () => Date = systemClock): ManilaHour {
  const [now, setNow] = useState(() => manilaHour(clock()));
  useEffect(() => {
    let timer: number | undefined;
    const tick = () => {
      const instant = clock();
      const next = manilaHour(instant);
      setNow((current) => (current.date === next.date && current.hour === next.hour ? current : next));
      // Manila is a whole number of hours from UTC: its hours begin with UTC's.
      timer = window.setTimeout(tick, HOUR_MS - (instant.getTime() % HOUR_MS));
    };
    tick();
    return () => window.clearTimeout(timer);
  }, [clock]);
  return now;
}
