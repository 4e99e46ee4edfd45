/**
 * A decimal-string amount for prose: "500.00" → "₱500", "1500.50" → "₱1,500.50"
 * (as `Intl.NumberFormat("en-PH", {currency: "PHP"})` writes it). Formatted by
 * hand: building an `Intl.NumberFormat` loads locale data, a long task on a phone.
 */
export function formatPesos(amount: string): string {
  const value = Number(amount);
  const [whole = "0", centavos = "00"] = Math.abs(value).toFixed(2).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const sign = value < 0 ? "-" : "";
  return Number.isInteger(value) ? `${sign}₱${grouped}` : `${sign}₱${grouped}.${centavos}`;
}
