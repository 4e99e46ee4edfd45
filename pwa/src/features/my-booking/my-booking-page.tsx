import { getRouteApi } from "@tanstack/react-router";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { myBookingLabels } from "@car-rental/shared/my-booking";
import { Loader } from "../../lib/light-form";
import { Container, Stack, Text, Title } from "../../lib/light-ui";
import { usePageTitle } from "../../lib/page-title";
import { useRenderedInBrowser } from "../../lib/prerender/hydration";
import { FindBookingForm } from "./find-booking-form";
import { KeptBookings } from "./kept-bookings";
import classes from "./my-booking-page.module.css";
import { useMyBooking } from "./use-my-booking";

const route = getRouteApi("/my-booking");

/**
 * Set on <html> by public/theme-init.js, before the first paint, when the page
 * is opened from the confirmation e-mail's link: the prerendered form stays
 * hidden (my-booking-page.module.css) until the page shows the booking.
 */
const OPENING_LINK_ATTRIBUTE = "data-opening-my-booking";

/**
 * My booking (release-2 §D2, §D3): find a booking by its reference and the
 * e-mail or phone it was made with, or open it from the confirmation
 * e-mail's link (`?ref=…&token=…`) without typing; see its status, payments
 * and documents; cancel it, add it to a calendar, add missing documents. A
 * booking opened here before is shown offline from the browser's database.
 *
 * The page is prerendered with its form (built without a query string) and
 * hydrates without Mantine's run time or the form's schema; the lookup and the
 * booking's details load once the form is used, or at once for the link.
 */
export function MyBookingPage() {
  usePageTitle(myBookingLabels.nav);
  const { ref, token } = route.useSearch();
  const navigate = route.useNavigate();
  const state = useMyBooking();
  const { find, code } = state;
  // False while hydrating: the prerendered HTML knows no link.
  const inBrowser = useRenderedInBrowser();
  const link = ref && token ? `${ref} ${token}` : null;
  const [openedLink, setOpenedLink] = useState<string | null>(null);
  /** The link of the booking on screen, put in the address below: it is not looked up again. */
  const shownLink = useRef<string | null>(null);

  useEffect(() => {
    if (!ref || !token || shownLink.current === `${ref} ${token}`) return;
    void find({ reference: ref, bookingToken: token }).finally(() => setOpenedLink(`${ref} ${token}`));
  }, [ref, token, find]);

  // The address names the booking on screen (as the e-mail's link does), so a reload, online or
  // offline, opens it again; back to the form, it names none.
  const shownBooking = state.shown?.answer;
  useEffect(() => {
    if (!inBrowser) return;
    if (shownBooking) {
      const { reference } = shownBooking.booking;
      const shown = `${reference} ${shownBooking.bookingToken}`;
      shownLink.current = shown;
      // Its lookup is done: once the address names it, no spinner waits for it (e.g. after a close).
      setOpenedLink(shown);
      if (link !== shown)
        void navigate({ search: { ref: reference, token: shownBooking.bookingToken }, replace: true });
    } else if (shownLink.current !== null && link === shownLink.current) {
      shownLink.current = null;
      void navigate({ search: {}, replace: true });
    }
  }, [inBrowser, shownBooking, link, navigate]);

  // Rendered in the browser, the page shows what its address asks for: the prerendered form may show.
  useLayoutEffect(() => {
    if (inBrowser) document.documentElement.removeAttribute(OPENING_LINK_ATTRIBUTE);
  }, [inBrowser]);

  // The link's booking is being looked up: neither the form nor a booking yet.
  const opening = inBrowser && link !== null && openedLink !== link && state.shown === null;
  // A link that did not open its booking: the form starts with its reference (new, so it takes it).
  const linkReference = inBrowser && link !== null && state.problem !== null ? ref : undefined;

  return (
    <Container size="md" style={{ paddingBlock: "var(--mantine-spacing-xl)" }}>
      <Stack gap="lg">
        <Title order={1}>{myBookingLabels.title}</Title>
        {state.problem && code && <code.LookupProblem problem={state.problem} />}
        {opening ? (
          <div className={classes.opening} aria-busy="true">
            <Loader />
          </div>
        ) : state.shown && code ? (
          <code.BookingShown shown={state.shown} onChanged={state.replace} onClose={state.close} />
        ) : (
          <div className={classes.find}>
            <Text>
              Enter your booking reference (for example ACR-7K3Q9P, on your confirmation) and the e-mail
              address or phone number you booked with.
            </Text>
            <FindBookingForm
              key={linkReference ?? ""}
              reference={linkReference}
              busy={state.busy}
              onFind={(values) => find(values)}
              onUnavailable={state.unavailable}
            />
            <KeptBookings />
          </div>
        )}
      </Stack>
    </Container>
  );
}
