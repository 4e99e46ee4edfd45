import { IconArrowRight, IconStarFilled } from "@tabler/icons-react";
import { marketingClaims } from "@car-rental/shared/site";
import {
  Badge,
  buttonLook,
  ButtonInner,
  Container,
  Group,
  Text,
  Title,
  VisuallyHidden,
} from "../../lib/light-ui";
import { AnchorLink } from "../layout/anchor-link";
import { HeroIllustration } from "./hero-illustration";
import classes from "./home.module.css";

const stats = [
  { value: marketingClaims.yearsOfService, label: "Years of service" },
  { value: marketingClaims.customers, label: "Happy customers" },
  { value: marketingClaims.vehicles, label: "Vehicles" },
  { value: marketingClaims.rating, label: "Customer rating", star: true },
] as const;

export function Hero() {
  return (
    <section className={classes.hero} aria-labelledby="hero-heading">
      <Container className={classes.heroInner}>
        <div className={classes.heroCopy}>
          <Badge size="lg" color="brand" radius="xl" className={classes.heroBadge}>
            Alaminos City, Pangasinan
          </Badge>
          <Title order={1} id="hero-heading" className={classes.heroTitle}>
            Premium Car Rental
          </Title>
          <Text className={classes.heroNote}>
            All vehicles available with or without professional drivers
          </Text>
          <Text className={classes.heroLead}>
            Clean, fully insured sedans, SUVs and vans for island hopping at the Hundred Islands, family trips
            across Pangasinan or business on the road. Clear daily rates in pesos, no hidden fees.
          </Text>
          <Group style={{ marginTop: "var(--mantine-spacing-xl)" }} className={classes.heroActions}>
            <AnchorLink section="booking" {...buttonLook({ size: "lg", withRightSection: true })}>
              <ButtonInner rightSection={<IconArrowRight size={18} />}>Book Now</ButtonInner>
            </AnchorLink>
            <AnchorLink section="cars" {...buttonLook({ size: "lg", variant: "default" })}>
              <ButtonInner>See All Cars</ButtonInner>
            </AnchorLink>
          </Group>
        </div>
        <div className={classes.heroArtWrap}>
          <HeroIllustration />
        </div>
      </Container>
      <Container>
        <dl className={classes.stats}>
          {stats.map((stat) => (
            <div key={stat.label} className={classes.stat}>
              <dt className={classes.statLabel}>{stat.label}</dt>
              <dd className={classes.statValue}>
                {stat.value}
                {"star" in stat && (
                  <>
                    <VisuallyHidden> out of 5</VisuallyHidden>
                    <IconStarFilled size={22} className={classes.star} aria-hidden="true" />
                  </>
                )}
              </dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}
