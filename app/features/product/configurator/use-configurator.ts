import { useMemo, useReducer } from "react";
import {
  type ConfigAction,
  type ConfigCatalog,
  type ConfigState,
  type Evaluation,
  type Issue,
  type Step,
  buildSteps,
  evaluate,
  FACILITY_ID,
  INSTALLATION_ID,
  initialState,
  reduce,
  type CustomerType,
} from "../../../../core/configurator.ts";
import { useI18n } from "~/lib/i18n";

export type Configurator = {
  catalog: ConfigCatalog;
  state: ConfigState;
  dispatch: (a: ConfigAction) => void;
  ev: Evaluation;
  steps: Step[];
};

/** The configurator of one product: its reducer state, the evaluation (issues, prices) and the steps. */
export function useConfigurator(catalog: ConfigCatalog, defaultVariantId: number | null, userType: CustomerType): Configurator {
  const [state, dispatch] = useReducer(
    (s: ConfigState, a: ConfigAction) => reduce(catalog, s, a),
    catalog,
    (c) => initialState(c, defaultVariantId),
  );
  const ev = useMemo(() => evaluate(catalog, state.selection, userType), [catalog, state.selection, userType]);
  const steps = useMemo(() => buildSteps(catalog, state.selection), [catalog, state.selection]);
  return { catalog, state, dispatch, ev, steps };
}

/**
 * Services have no product of their own: their line is named after what the shopper gets (the
 * installation wizard's line carries its city as its name and its parts).
 */
export function useLineName() {
  const { t } = useI18n();
  return (id: string, fallback: string, parts?: unknown[]) =>
    id === INSTALLATION_ID
      ? t("product.installation.name")
      : id === FACILITY_ID
        ? parts?.length
          ? t("installation.line.short", { city: fallback })
          : t("product.facility.name")
        : fallback;
}

/** The message of one issue, in the shopper's language. */
export function useIssueText() {
  const { t } = useI18n();
  return (issue: Issue): string => {
    switch (issue.code) {
      case "range":
        return t("product.config.issue.range", { min: issue.min, max: issue.max });
      case "combined":
        return t("product.config.issue.combined", { sum: issue.sum, max: issue.max });
      default:
        return t(`product.config.issue.${issue.code}`);
    }
  };
}
