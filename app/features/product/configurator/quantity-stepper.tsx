import { useId } from "react";
import { MAX_QUANTITY, MIN_QUANTITY } from "../../../../core/configurator.ts";
import { useI18n } from "~/lib/i18n";

/** A quantity from 1 to 99 with − and + buttons. */
export function QuantityStepper({ value, onChange, label }: { value: number; onChange: (n: number) => void; label: string }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center rounded-lg border border-slate-400">
        <button
          type="button"
          className="h-11 w-10 text-lg font-bold text-brand-800 disabled:opacity-40"
          onClick={() => onChange(value - 1)}
          disabled={value <= MIN_QUANTITY}
          aria-label={t("product.quantity.less")}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={MIN_QUANTITY}
          max={MAX_QUANTITY}
          step={1}
          value={value}
          onChange={(e) => onChange(Number(e.target.value))}
          className="h-11 w-12 border-x border-slate-300 text-center text-base [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="button"
          className="h-11 w-10 text-lg font-bold text-brand-800 disabled:opacity-40"
          onClick={() => onChange(value + 1)}
          disabled={value >= MAX_QUANTITY}
          aria-label={t("product.quantity.more")}
        >
          +
        </button>
      </div>
    </div>
  );
}
