import { Container, Text, Title } from "@mantine/core";
import { usePageTitle } from "../../../lib/page-title";
import { AdminApp } from "./admin-app";

/**
 * /admin (spec §2): the password gate, then the dashboard, whose screens are
 * the child routes /admin/<screen> (routes/admin/). Each route is its own
 * lazily loaded chunk, so none of the admin code is in the first view of the
 * other pages.
 */
export function AdminFrame() {
  usePageTitle("Admin");
  return (
    <Container size="xl" px={{ base: "sm", sm: "md", lg: "xl" }} py={{ base: 24, md: 40 }}>
      <Title order={1} fz={{ base: 28, md: 36 }}>
        Admin
      </Title>
      <Text c="dimmed" mt={4} mb="lg">
        Fleet, bookings, customers and blocked names.
      </Text>
      <AdminApp />
    </Container>
  );
}
