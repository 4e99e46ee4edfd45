import { rentalTerms } from "@car-rental/shared/constants";
import { formatPeso } from "@car-rental/shared/money";
import { usePageTitle } from "../../lib/page-title";
import { LEGAL_LAST_UPDATED } from "./legal-content";
import { LegalDocument } from "./legal-document";
import { termsSections } from "./terms-sections";

export function TermsPage() {
  usePageTitle("Terms of Service");
  return (
    <LegalDocument
      title="Terms of Service"
      lastUpdated={LEGAL_LAST_UPDATED}
      intro={
        <p>
          The short version: you must be {rentalTerms.minimumAge} or older with{" "}
          {rentalTerms.minimumDrivingYears} year of driving experience, keep to {rentalTerms.maxSpeedKph}{" "}
          km/h, return the car with the fuel you received, and cancel free of charge up to{" "}
          {rentalTerms.freeCancellationHours} hours before pickup. A refundable security deposit (
          {formatPeso(rentalTerms.defaultDeposit)} unless the car shows another) is paid at pickup.
        </p>
      }
      sections={termsSections}
    />
  );
}
