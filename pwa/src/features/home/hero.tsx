import { Badge, Button, Container, Group, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconArrowRight, IconStarFilled } from "@tabler/icons-react";
import { marketingClaims } from "@car-rental/shared/site";
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
      <Container size="lg" className={classes.heroInner}>
        <div className={classes.heroCopy}>
          <Badge variant="light" size="lg" radius="xl" className={classes.heroBadge}>
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
          <Group gap="sm" mt="xl" className={classes.heroActions}>
            <Button
              component={AnchorLink}
              section="booking"
              size="lg"
              rightSection={<IconArrowRight size={18} />}
            >
              Book Now
            </Button>
            <Button component={AnchorLink} section="cars" size="lg" variant="default">
              See All Cars
            </Button>
          </Group>
        </div>
        <div className={classes.heroArtWrap}>
          <HeroIllustration />
        </div>
      </Container>
      <Container size="lg">
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
