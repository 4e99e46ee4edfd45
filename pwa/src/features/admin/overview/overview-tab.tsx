import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCalendarStats, IconCar, IconClockHour4, IconCoin, IconHourglass } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { formatPeso } from "@car-rental/shared/money";
import { useAdminCars, useAdminSyncState, useBookings } from "../../../data/admin-data";
import { StatusBadge } from "../bookings/booking-card";
import { longDate } from "../frame/display";
import { computeOverviewStats, overviewCars, recentBookings } from "./stats";
import { SyncBadge } from "../frame/sync-marks";
import classes from "../frame/admin.module.css";

function StatCard({
  label,
  value,
  note,
  icon,
  color,
}: {
  label: string;
  value: string;
  note?: string;
  icon: ReactNode;
  color: string;
}) {
  return (
    <Card padding="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          <Text fz={26} fw={800} lh={1.2} style={{ overflowWrap: "anywhere" }}>
            {value}
          </Text>
          {note ? (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          ) : null}
        </Stack>
        <ThemeIcon variant="light" color={color} size={44} radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/** Spec §2 "Overview": five stat cards, the five most recent bookings, the first five cars. */
export function OverviewTab() {
  const bookings = useBookings();
  const cars = useAdminCars();
  // The tablet holds the recent bookings; the server counted the older ones (issue #23).
  const olderTotals = useAdminSyncState()?.olderTotals;
  const stats = computeOverviewStats(bookings ?? [], cars ?? [], olderTotals);
  const recent = recentBookings(bookings ?? []);
  // useAdminCars() is the Fleet Management tab's list, in its order.
  const fleet = overviewCars(cars ?? []);

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md">
        <StatCard
          label="Total Bookings"
          value={String(stats.totalBookings)}
          icon={<IconCalendarStats size={24} />}
          color="brand"
        />
        <StatCard
          label="Pending Bookings"
          value={String(stats.pendingBookings)}
          icon={<IconHourglass size={24} />}
          color="yellow"
        />
        <StatCard
          label="Total Earnings"
          value={formatPeso(stats.totalEarnings)}
          note="Completed bookings"
          icon={<IconCoin size={24} />}
          color="green"
        />
        <StatCard
          label="Pending Revenue"
          value={formatPeso(stats.pendingRevenue)}
          note="Pending and confirmed"
          icon={<IconClockHour4 size={24} />}
          color="orange"
        />
        <StatCard
          label="Available Cars"
          value={`${stats.availableCars} / ${stats.totalCars}`}
          note="Available / total fleet"
          icon={<IconCar size={24} />}
          color="blue"
        />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card padding="md">
          <Title order={3} mb="sm">
            Recent Bookings
          </Title>
          {recent.length === 0 ? (
            <Text c="dimmed">No bookings yet.</Text>
          ) : (
            <Stack gap="sm">
              {recent.map((booking) => (
                <Group key={booking.id} justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {booking.customerName}
                    </Text>
                    <Text size="sm" c="dimmed" truncate>
                      {booking.carName} · {longDate(booking.pickupDate)}
                    </Text>
                  </Stack>
                  <Stack gap={4} align="flex-end">
                    <Text fw={700} size="sm">
                      {formatPeso(booking.total)}
                    </Text>
                    <Group gap={4} justify="flex-end">
                      <SyncBadge entity="bookings" id={booking.id} pending={booking._pending} />
                      <StatusBadge status={booking.status} />
                    </Group>
                  </Stack>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
        <Card padding="md">
          <Title order={3} mb="sm">
            Fleet Status
          </Title>
          {fleet.length === 0 ? (
            <Text c="dimmed">No cars yet.</Text>
          ) : (
            <Stack gap="sm">
              {fleet.map((car) => (
                <Group key={car.id} justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {car.name}
                    </Text>
                    <Text size="sm" c="dimmed" truncate>
                      {car.category}
                      {car.plateNumber ? ` · ${car.plateNumber}` : ""}
                    </Text>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <SyncBadge entity="cars" id={car.id} pending={car._pending} />
                    <Badge
                      color={car.available ? "green" : "red"}
                      variant="light"
                      tt="none"
                      size="lg"
                      className={classes.badge}
                    >
                      {car.available ? "Available" : "Rented"}
                    </Badge>
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
