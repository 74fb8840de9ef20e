import { useI18n } from "~/lib/i18n";

const PAYMENT_MARKS = [
  { name: "Visa", bg: "#1a1f71", fg: "#fff" },
  { name: "Mastercard", bg: "#231f20", fg: "#fff" },
  { name: "Bizum", bg: "#05c3dd", fg: "#082b33", es: true },
  { name: "PayPal", bg: "#ffc439", fg: "#142c8e" },
  { name: "Klarna", bg: "#ffb3c7", fg: "#17120f" },
  { name: "Scalapay", bg: "#e7e0ff", fg: "#2b1b6b" },
  { name: "Google Pay", bg: "#fff", fg: "#3c4043" },
  { name: "Apple Pay", bg: "#000", fg: "#fff" },
];

/** The payment methods the shop takes (footer, checkout), as text badges in their brand colours. */
export function PaymentMarks({ compact = false }: { compact?: boolean }) {
  const { lang } = useI18n();
  return (
    <ul className={compact ? "pay-marks-sm" : "pay-marks"}>
      {PAYMENT_MARKS.filter((m) => !m.es || lang === "es").map((m) => (
        <li key={m.name} style={{ background: m.bg, color: m.fg }}>
          {m.name}
        </li>
      ))}
    </ul>
  );
}
