import { Button, Container, Text, Title } from "@mantine/core";
import { useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import { useEffect } from "react";
import { usePageTitle } from "../../lib/page-title";
import classes from "./not-found.module.css";

/**
 * What a page shows when its code or data failed to load (the router's error
 * screen). Most often the connection dropped before the app was stored for
 * offline use: the page tries again on its own when the connection returns.
 */
export function PageError({ reset }: ErrorComponentProps) {
  usePageTitle("Page Could Not Load");
  const router = useRouter();
  useEffect(() => {
    const retry = () => {
      reset();
      void router.invalidate();
    };
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [reset, router]);

  return (
    <Container size="sm" py={{ base: 56, md: 96 }} className={classes.wrap}>
      <Title order={1} fz={{ base: 28, md: 36 }}>
        This page could not load
      </Title>
      <Text c="dimmed" size="lg" mt="sm" maw={460} mx="auto">
        Check your internet connection. The page loads again by itself once you are back online.
      </Text>
      <Button
        mt="xl"
        size="md"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        Try again
      </Button>
    </Container>
  );
}
