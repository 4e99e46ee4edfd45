import { Button, Container, Group, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconCar } from "@tabler/icons-react";
import { usePageTitle } from "../../lib/page-title";
import { AnchorLink } from "../layout/anchor-link";
import classes from "./not-found.module.css";

function DetourSign() {
  return (
    <svg viewBox="0 0 200 160" className={classes.sign} aria-hidden="true" focusable="false">
      <rect x="94" y="60" width="12" height="96" rx="3" fill="#8e9cab" />
      <path
        d="M100 8l46 46-46 46-46-46z"
        fill="#fbbf24"
        stroke="#b45309"
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path
        d="M84 62c0-10 7-18 17-18 9 0 16 6 16 14 0 11-15 11-15 22"
        fill="none"
        stroke="#1f2933"
        strokeWidth="7"
        strokeLinecap="round"
      />
      <circle cx="102" cy="90" r="4.5" fill="#1f2933" />
      <path d="M20 156h160" stroke="#8e9cab" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** Any unknown path (spec §2 and §8). */
export function NotFoundPage() {
  usePageTitle("Page Not Found");
  return (
    <Container size="sm" py={{ base: 56, md: 96 }} className={classes.wrap}>
      <DetourSign />
      <Text className={classes.code}>404</Text>
      <Title order={1} fz={{ base: 30, md: 40 }}>
        Page not found
      </Title>
      <Text c="dimmed" size="lg" mt="sm" maw={460} mx="auto">
        This road does not lead anywhere. The page may have moved, or the address has a typo.
      </Text>
      <Group justify="center" mt="xl" gap="sm">
        <Button component="a" href="/" size="md" leftSection={<IconArrowLeft size={18} />}>
          Back to Home
        </Button>
        <Button
          component={AnchorLink}
          section="cars"
          size="md"
          variant="default"
          leftSection={<IconCar size={18} />}
        >
          View Our Fleet
        </Button>
      </Group>
    </Container>
  );
}
