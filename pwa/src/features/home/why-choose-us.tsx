import { Card, SimpleGrid, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCar, IconHeadset, IconReceipt, IconShieldCheck } from "@tabler/icons-react";
import type { ComponentType } from "react";
import { INSURANCE_FEE, marketingClaims } from "@car-rental/shared/constants";
import { formatPesos } from "../../lib/format";
import classes from "./home.module.css";

type Reason = {
  title: string;
  tag?: string;
  text: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
};

const reasons: readonly Reason[] = [
  {
    title: "Fully Insured",
    text: `Every rental is covered by insurance for a flat ${formatPesos(INSURANCE_FEE)} per rental, so you drive with peace of mind from pickup to return.`,
    icon: IconShieldCheck,
  },
  {
    title: "24/7 Support",
    text: "A flat tire in Bolinao or a change of plans at midnight: call us any time and a real person in Alaminos answers.",
    icon: IconHeadset,
  },
  {
    title: "Premium Fleet",
    text: `${marketingClaims.vehicles} late-model sedans, SUVs and vans, cleaned, inspected and serviced at our own car-care shop before every trip.`,
    icon: IconCar,
  },
  {
    title: "Best Rates",
    tag: "No hidden fees",
    text: "Clear daily rates in pesos. The pricing summary you see before booking is exactly what you pay.",
    icon: IconReceipt,
  },
];

/** The four value propositions of spec §1. */
export function WhyChooseUs() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
      {reasons.map(({ title, tag, text, icon: Icon }) => (
        <Card key={title} className={classes.featureCard} component="article">
          <ThemeIcon size={52} radius="md" variant="light">
            <Icon size={28} stroke={1.7} />
          </ThemeIcon>
          <Title order={3} className={classes.featureTitle}>
            {title}
          </Title>
          {tag !== undefined && <Text className={classes.featureTag}>{tag}</Text>}
          <Text c="dimmed" mt="xs">
            {text}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
