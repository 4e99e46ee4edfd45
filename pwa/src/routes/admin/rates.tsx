import { createFileRoute } from "@tanstack/react-router";
import { RatesScreen } from "../../features/admin/rates/rates-screen";

export const Route = createFileRoute("/admin/rates")({
  component: RatesScreen,
});
