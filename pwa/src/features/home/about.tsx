import { Card, List, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck, IconStarFilled } from "@tabler/icons-react";
import {
  contactSettings,
  INSURANCE_FEE,
  marketingClaims,
  pccSettings,
  rentalTerms,
} from "@car-rental/shared/constants";
import { formatPesos } from "../../lib/format";
import classes from "./home.module.css";

const highlights = [
  "Self drive, or with a professional driver who knows the roads of Pangasinan",
  "Pickup at our garage in Poblacion, or delivery across western Pangasinan",
  `Clear daily rates in pesos; insurance is ${formatPesos(INSURANCE_FEE)} per rental`,
  `A refundable security deposit, ${formatPesos(rentalTerms.defaultDeposit)} for most cars`,
  `Open ${contactSettings.hours}`,
] as const;

/** The About section's text: who the business is and what it offers. */
export function AboutContent() {
  return (
    <div className={classes.aboutGrid}>
      <div className={classes.aboutText}>
        <Text size="lg">
          {contactSettings.name} is a family-run rental garage on Quezon Avenue in Poblacion, Alaminos City.
          In {marketingClaims.yearsOfService} years of service we have put {marketingClaims.customers}{" "}
          customers behind the wheel: tourists on their way to the Hundred Islands National Park, balikbayan
          families home for the holidays, wedding parties, and local businesses that need a reliable vehicle
          for a day or a month.
        </Text>
        <Text>
          Our fleet of {marketingClaims.vehicles} vehicles runs from fuel-efficient sedans for city errands to
          seven-seat SUVs and vans for barkada trips to Bolinao, Manaoag or Baguio. Every car is maintained at
          our sister shop, {pccSettings.name}, on the same street, and inspected with you before and after
          each rental.
        </Text>
        <Text>
          Prefer not to drive? Every vehicle is available with a professional driver, for trips within
          Pangasinan or beyond. Book online in a few minutes, upload your documents from your phone, and pick
          up your car at the time you chose.
        </Text>
      </div>
      <Card padding="xl">
        <Text fw={700} fz="sm" tt="uppercase" c="dimmed" style={{ letterSpacing: "0.08em" }}>
          Rated by our customers
        </Text>
        <Title order={3} mt={6} fz={40} style={{ display: "flex", alignItems: "center", gap: 8 }}>
          {marketingClaims.rating}
          <IconStarFilled size={30} className={classes.star} aria-hidden="true" />
          <Text component="span" c="dimmed" fz="md" fw={500}>
            out of 5
          </Text>
        </Title>
        <List
          mt="lg"
          spacing="sm"
          icon={
            <ThemeIcon size={22} radius="xl" variant="light">
              <IconCheck size={14} stroke={2.5} />
            </ThemeIcon>
          }
        >
          {highlights.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      </Card>
    </div>
  );
}
