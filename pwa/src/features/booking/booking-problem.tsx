import { Alert } from "@mantine/core";
import { IconAlertTriangle, IconWifiOff } from "@tabler/icons-react";
import { bookingLabels } from "@car-rental/shared/messages";
import { formatPeso } from "@car-rental/shared/money";
import type { PriceSummary } from "@car-rental/shared/pricing";

export const OFFLINE_MESSAGE =
  "You are offline. Booking needs an internet connection. What you have typed is kept on this device: send it when you are back online.";

export const NO_ANSWER_MESSAGE =
  "We could not reach our server, or its answer was lost on the way. Press Book Now again: if your booking was already made, you will see it, and it is never made twice.";

/** A problem of the last submit that the form explains above the submit button. */
export type Problem =
  | { kind: "offline" }
  /** Online, but no answer came (the connection dropped on the way). */
  | { kind: "no-answer" }
  | { kind: "price"; quote: PriceSummary; message: string }
  | { kind: "dates"; message: string };

/** The alerts above the submit button: a new price, dates just taken, no connection. */
export function ProblemAlerts({ problem, online }: { problem: Problem | null; online: boolean }) {
  return (
    <>
      {problem?.kind === "price" && (
        <Alert
          color="yellow"
          variant="light"
          title="The price has changed"
          icon={<IconAlertTriangle size={20} />}
        >
          {problem.message} New total: <strong>{formatPeso(problem.quote.total)}</strong> for{" "}
          {problem.quote.days === 1 ? "1 day" : `${problem.quote.days} days`}. Press {bookingLabels.submit}{" "}
          again to book at this price.
        </Alert>
      )}
      {problem?.kind === "dates" && (
        <Alert
          color="red"
          variant="light"
          title="These dates were just taken"
          icon={<IconAlertTriangle size={20} />}
        >
          {problem.message} The calendar now shows the latest bookings.
        </Alert>
      )}
      {online && problem?.kind === "no-answer" && (
        <Alert
          color="yellow"
          variant="light"
          title="No answer from the server"
          icon={<IconWifiOff size={20} />}
          role="status"
        >
          {NO_ANSWER_MESSAGE}
        </Alert>
      )}
      {(!online || problem?.kind === "offline") && (
        <Alert
          color="gray"
          variant="light"
          title="No connection"
          icon={<IconWifiOff size={20} />}
          role="status"
        >
          {OFFLINE_MESSAGE}
        </Alert>
      )}
    </>
  );
}
