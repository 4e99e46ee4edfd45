import {
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  IconDisc,
  IconDroplet,
  IconMail,
  IconManualGearbox,
  IconMapPin,
  IconPhone,
  IconSteeringWheel,
  IconTool,
} from "@tabler/icons-react";
import type { ComponentType } from "react";
import { contactSettings, pccSettings } from "@car-rental/shared/constants";
import { usePageTitle } from "../../lib/page-title";
import {
  LiftIllustration,
  OilChangeIllustration,
  ServiceBayIllustration,
  TireRackIllustration,
  WaitingLoungeIllustration,
} from "./facility-illustrations";
import classes from "./pcc.module.css";

type ServiceKey = (typeof pccSettings.services)[number]["key"];

const serviceIcons: Record<ServiceKey, ComponentType<{ size?: number; stroke?: number }>> = {
  "oil-change": IconDroplet,
  tires: IconSteeringWheel,
  brakes: IconDisc,
  underchassis: IconTool,
  "atf-dialysis": IconManualGearbox,
};

const gallery = [
  { caption: "Service bay", Illustration: ServiceBayIllustration },
  { caption: "Two-post lift", Illustration: LiftIllustration },
  { caption: "Tire rack and balancer", Illustration: TireRackIllustration },
  { caption: "Oil change station", Illustration: OilChangeIllustration },
  { caption: "Waiting lounge", Illustration: WaitingLoungeIllustration },
] as const;

/** /pcc: the sister car-care shop (spec §2). */
export function PccPage() {
  usePageTitle(pccSettings.name);
  return (
    <>
      <section className={classes.hero} aria-labelledby="pcc-heading">
        <Container size="lg">
          <Badge variant="light" size="lg" radius="xl" className={classes.badge}>
            Sister company of {contactSettings.name}
          </Badge>
          <Title order={1} id="pcc-heading" mt="md" className={classes.title}>
            {pccSettings.name}
          </Title>
          <Text size="xl" mt="sm" maw={620} className={classes.lead}>
            The workshop that keeps our rental fleet on the road, open to every driver in Alaminos City.
            Honest diagnosis, genuine parts and work explained before it starts.
          </Text>
          <Group mt="xl" gap="sm">
            <Button
              component="a"
              href={`tel:${pccSettings.phoneTel}`}
              size="lg"
              leftSection={<IconPhone size={20} />}
            >
              Call {pccSettings.phone}
            </Button>
            <Button
              component="a"
              href={`mailto:${pccSettings.email}`}
              size="lg"
              variant="default"
              leftSection={<IconMail size={20} />}
            >
              Email Us
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mt={40}>
            <Card padding="lg">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size={40}>
                  <IconMapPin size={22} />
                </ThemeIcon>
                <div>
                  <Text fw={700}>Location</Text>
                  <Anchor href={pccSettings.mapsUrl} target="_blank" rel="noopener noreferrer" size="sm">
                    {pccSettings.address}
                  </Anchor>
                </div>
              </Group>
            </Card>
            <Card padding="lg">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size={40}>
                  <IconPhone size={22} />
                </ThemeIcon>
                <div>
                  <Text fw={700}>Phone</Text>
                  <Anchor href={`tel:${pccSettings.phoneTel}`} size="sm">
                    {pccSettings.phone}
                  </Anchor>
                </div>
              </Group>
            </Card>
            <Card padding="lg">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size={40}>
                  <IconMail size={22} />
                </ThemeIcon>
                <div style={{ minWidth: 0 }}>
                  <Text fw={700}>Email</Text>
                  <Anchor href={`mailto:${pccSettings.email}`} size="sm" className={classes.breakAll}>
                    {pccSettings.email}
                  </Anchor>
                </div>
              </Group>
            </Card>
          </SimpleGrid>
        </Container>
      </section>

      <section className={classes.section} aria-labelledby="pcc-services-heading">
        <Container size="lg">
          <Text className={classes.eyebrow}>Services</Text>
          <Title order={2} id="pcc-services-heading">
            What we do
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" mt="xl">
            {pccSettings.services.map((service) => {
              const Icon = serviceIcons[service.key];
              return (
                <Card key={service.key} padding="xl" component="article">
                  <ThemeIcon size={48} radius="md" variant="light">
                    <Icon size={26} stroke={1.7} />
                  </ThemeIcon>
                  <Title order={3} mt="md">
                    {service.name}
                  </Title>
                  <Text c="dimmed" mt="xs">
                    {service.description}
                  </Text>
                </Card>
              );
            })}
            <Card padding="xl" className={classes.offerCard}>
              <Title order={3}>Free multi-point check</Title>
              <Text mt="xs" className={classes.offerText}>
                With every service we check your lights, belts, hoses, battery and tire pressure, and tell you
                what can wait and what cannot.
              </Text>
              <Button
                component="a"
                href={`tel:${pccSettings.phoneTel}`}
                mt="lg"
                variant="white"
                color="dark"
                leftSection={<IconPhone size={18} />}
              >
                Call to book
              </Button>
            </Card>
          </SimpleGrid>
        </Container>
      </section>

      <section className={classes.section} data-tone="muted" aria-labelledby="pcc-gallery-heading">
        <Container size="lg">
          <Text className={classes.eyebrow}>Our facility</Text>
          <Title order={2} id="pcc-gallery-heading">
            Inside the shop
          </Title>
          <div className={classes.gallery}>
            {gallery.map(({ caption, Illustration }) => (
              <figure key={caption} className={classes.figure}>
                <Illustration />
                <figcaption>{caption}</figcaption>
              </figure>
            ))}
          </div>
        </Container>
      </section>

      <section className={classes.section} aria-labelledby="pcc-visit-heading">
        <Container size="md" className={classes.cta}>
          <Title order={2} id="pcc-visit-heading">
            Book a service
          </Title>
          <Text c="dimmed" size="lg" mt="sm">
            Call or email to set a schedule. Walk-ins are welcome during opening hours,{" "}
            {contactSettings.hours}.
          </Text>
          <Group justify="center" mt="xl" gap="sm">
            <Button
              component="a"
              href={`tel:${pccSettings.phoneTel}`}
              size="lg"
              leftSection={<IconPhone size={20} />}
            >
              Call
            </Button>
            <Button
              component="a"
              href={`mailto:${pccSettings.email}`}
              size="lg"
              variant="default"
              leftSection={<IconMail size={20} />}
            >
              Email
            </Button>
          </Group>
        </Container>
      </section>
    </>
  );
}
