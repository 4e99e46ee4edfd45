import { Skeleton, Stack } from "@mantine/core";

/** Placeholder while IndexedDB is read (a few milliseconds, usually). */
export function LoadingList({ rows = 3 }: { rows?: number }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={120} radius="lg" />
      ))}
    </Stack>
  );
}
