import { BookingSection } from "../booking/booking-section";
import { scrollToSection } from "../layout/section-scroll";
import classes from "./home.module.css";

/**
 * The body of the home page's #booking section (spec §2, "Booking page"):
 * the selected-vehicle summary and the booking form, or 'Browse Our Fleet'
 * when no car is chosen. Loaded lazily, like every section below the fold.
 */
export function BookingSlot() {
  return (
    <div className={classes.slot} data-slot="booking">
      <BookingSection layout="wide" onBrowseFleet={() => scrollToSection("cars")} />
    </div>
  );
}
