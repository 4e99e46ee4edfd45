import { Stack, Text } from "@mantine/core";
import { LoadingList } from "./loading-list";
import { RouterAnchor } from "../../../lib/router-anchor";

type NotOnFileProps = {
  /** Still reading the local copy: show the loading placeholder rather than "not found". */
  loading: boolean;
  what: "booking" | "customer";
  backTo: "/admin/bookings" | "/admin/customers";
};

/** A details page whose booking or customer is not (or not yet) on this device. */
export function NotOnFile({ loading, what, backTo }: NotOnFileProps) {
  if (loading) return <LoadingList />;
  return (
    <Stack gap="xs" py="xl" align="center">
      <Text c="dimmed">This {what} is not on this device.</Text>
      <RouterAnchor href={backTo}>Back to the list</RouterAnchor>
    </Stack>
  );
}
