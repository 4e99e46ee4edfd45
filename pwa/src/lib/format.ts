const wholePesos = new Intl.NumberFormat("en-PH", {
  style: "currency",
  currency: "PHP",
  maximumFractionDigits: 0,
});
const pesosAndCentavos = new Intl.NumberFormat("en-PH", {
  style: "currency",
  currency: "PHP",
  minimumFractionDigits: 2,
});

/** A decimal-string amount for prose: "500.00" → "₱500", "1500.50" → "₱1,500.50". */
export function formatPesos(amount: string): string {
  const value = Number(amount);
  return Number.isInteger(value) ? wholePesos.format(value) : pesosAndCentavos.format(value);
}
