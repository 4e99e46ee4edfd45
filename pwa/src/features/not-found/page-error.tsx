import { useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import { useEffect } from "react";
import { buttonLook, ButtonInner, Container, Text, Title } from "../../lib/light-ui";
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
    // Plain markup in Mantine's look (lib/light-ui.tsx): this screen is part of the first view's code.
    <Container size="sm" className={`${classes.wrap} ${classes.errorWrap}`}>
      <Title order={1} className={classes.errorTitle}>
        This page could not load
      </Title>
      <Text
        dimmed
        size="lg"
        style={{
          marginTop: "var(--mantine-spacing-sm)",
          maxWidth: "calc(28.75rem * var(--mantine-scale))",
          marginInline: "auto",
        }}
      >
        Check your internet connection. The page loads again by itself once you are back online.
      </Text>
      <button
        type="button"
        {...buttonLook({ size: "md", style: { marginTop: "var(--mantine-spacing-xl)" } })}
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        <ButtonInner>Try again</ButtonInner>
      </button>
    </Container>
  );
}
