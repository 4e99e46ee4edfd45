import { BookingSection } from "../booking/booking-section";
import { VehicleList } from "../booking/vehicle-list";
import { scrollToSection } from "../layout/section-scroll";
import classes from "./booking-page.module.css";

/** Where the form column starts: a phone shows the list above the form. */
const FORM_HEADING_ID = "booking-form-heading";
const VEHICLES_HEADING_ID = "booking-vehicles-heading";

function formIsBelowList(): boolean {
  const form = document.getElementById(FORM_HEADING_ID);
  const list = document.getElementById(VEHICLES_HEADING_ID);
  return (
    form !== null &&
    list !== null &&
    form.getBoundingClientRect().top > list.getBoundingClientRect().bottom + 200
  );
}

/** /booking, left column: the selectable vehicle list. */
export function BookingVehicleListSlot() {
  return (
    <div className={classes.slot} data-slot="booking-vehicles">
      <VehicleList
        onSelected={() => {
          // On a phone the form is under the list: bring it into view.
          if (formIsBelowList()) scrollToSection(FORM_HEADING_ID);
        }}
      />
    </div>
  );
}

/**
 * /booking, right column: the cards of spec §2 (selected vehicle, personal
 * information, rental details, documents, pricing, terms, submit). Closing the
 * confirmation reloads the page.
 */
export function BookingFormSlot() {
  return (
    <div className={classes.slot} data-slot="booking-form">
      <BookingSection
        layout="narrow"
        onBrowseFleet={() => scrollToSection(VEHICLES_HEADING_ID)}
        reloadOnConfirmationClose
      />
    </div>
  );
}
