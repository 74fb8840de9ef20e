import { useEffect } from "react";
import { type CfgAttribute, type CfgComplement, FACILITY_ID, INSTALLATION_ID, type Step, stepComplete } from "../../../core/configurator.ts";
import { useI18n } from "~/lib/i18n";
import { AttributeField, type FieldScope } from "./configurator/attribute-field";
import { ComplementCard } from "./configurator/complement-card";
import { Summary } from "./configurator/summary";
import { type Configurator, useIssueText } from "./configurator/use-configurator";
import type { TariffState } from "./installation-tariff";
import { InstallationWizard } from "./parts";
import type { AttributeView, ComplementView } from "./product-view";

const isInstallationStep = (s: Step | undefined) => s?.kind === "complements" && s.complements.some((c) => c.id === INSTALLATION_ID || c.id === FACILITY_ID);

/*
 * The product page's configurator. Its parts live in ./configurator/: the state hook, the
 * attribute fields, complement cards, the quantity stepper and the summary.
 */
export { QuantityStepper } from "./configurator/quantity-stepper";
export { Summary } from "./configurator/summary";
export { type Configurator, useConfigurator, useIssueText, useLineName } from "./configurator/use-configurator";

/** The step-by-step configurator: stepper, the current step's fields, previous and next. */
export function ConfiguratorSteps({
  cfg,
  complements,
  attributes,
  tariff,
}: {
  cfg: Configurator;
  complements: ComplementView[];
  attributes: AttributeView[];
  tariff: TariffState;
}) {
  const { t } = useI18n();
  const issueText = useIssueText();
  const { steps, state, ev, dispatch } = cfg;
  const index = Math.max(
    0,
    steps.findIndex((s) => s.key === state.step),
  );
  const step = steps[index];
  const complete = stepComplete(cfg.catalog, state.selection, step);
  const title = (s: Step) =>
    s.kind === "aesthetic"
      ? t("product.config.step.aesthetic")
      : s.kind === "summary"
        ? t("product.config.step.summary")
        : s.title || t("product.config.step.options");
  const scope: FieldScope = {
    attrs: cfg.catalog.attributes,
    options: state.selection.options,
    ranges: state.selection.ranges,
    blocked: ev.blocked,
    issues: ev.issues,
  };
  const dto = (a: CfgAttribute) => attributes.find((x) => x.id === a.id) ?? a;
  const combined = ev.issues.find((i) => i.code === "combined");
  // The installation step is the current or the next one: fetch its code and prices now.
  const wizardNear = !!cfg.catalog.installation && (isInstallationStep(step) || isInstallationStep(steps[index + 1]));
  const loadTariff = tariff.load;
  useEffect(() => {
    if (!wizardNear) return;
    // The wizard is code only its step runs: fetched with the tariff when that step comes near.
    loadTariff();
    InstallationWizard.preload().catch(() => {});
  }, [wizardNear, loadTariff]);
  if (steps.length <= 1) return null;

  return (
    <section aria-labelledby="config-title" className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-5" data-testid="configurator">
      <h2 id="config-title" className="text-lg font-bold text-brand-900">
        {t("product.config.title")}
      </h2>
      <ol className="mt-3 flex flex-wrap gap-1.5" aria-label={t("product.config.steps")}>
        {steps.map((s, i) => (
          <li key={s.key}>
            <button
              type="button"
              onClick={() => dispatch({ type: "goto", step: s.key })}
              aria-current={i === index ? "step" : undefined}
              className={i === index ? "step-chip-current" : i < index ? "step-chip-done" : "step-chip"}
            >
              <span aria-hidden="true">{i < index ? "✓" : i + 1}</span>
              {title(s)}
            </button>
          </li>
        ))}
      </ol>
      <div className="mt-4 border-t border-sand-200 pt-4">
        <p className="text-xs font-semibold uppercase tracking-wider text-accent-700" aria-live="polite">
          {t("product.config.step_of", { n: index + 1, count: steps.length })}
        </p>
        <h3 className="mt-1 text-base font-bold text-ink">{title(step)}</h3>

        {(step.kind === "aesthetic" || step.kind === "group") &&
          step.attributes.map((a) => (
            <AttributeField
              key={a.id}
              attr={dto(a)}
              scope={scope}
              onChoose={(optionId) => dispatch({ type: "choose", attributeId: a.id, optionId })}
              onClear={() => dispatch({ type: "clear", attributeId: a.id })}
              onRange={(value) => dispatch({ type: "range", attributeId: a.id, value })}
              text={state.selection.texts[a.id]}
              onText={(value) => dispatch({ type: "text", attributeId: a.id, value })}
            />
          ))}
        {step.kind === "group" && combined && step.attributes.some((a) => a.field_type === "range") && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm font-medium text-danger">
            {issueText(combined)}
          </p>
        )}

        {step.kind === "complements" && cfg.catalog.installation && step.complements.some((c) => c.id === INSTALLATION_ID || c.id === FACILITY_ID) && (
          <>
            <p className="mt-1 text-sm text-muted">{t("product.installation.intro")}</p>
            {tariff.ready ? (
              <InstallationWizard cfg={cfg} tariff={cfg.catalog.installation} />
            ) : tariff.failed ? (
              <button type="button" className="btn-secondary mt-3" onClick={loadTariff}>
                {t("checkout.result.error.retry")}
              </button>
            ) : (
              <p className="mt-3 text-sm text-muted" aria-live="polite">
                {t("catalog.loading")}
              </p>
            )}
          </>
        )}

        {step.kind === "complements" && !(cfg.catalog.installation && step.complements.some((c) => c.id === INSTALLATION_ID || c.id === FACILITY_ID)) && (
          <>
            <p className="mt-1 text-sm text-muted">
              {step.complements.some((c) => c.id === INSTALLATION_ID) ? t("product.installation.intro") : t("product.complement.intro")}
            </p>
            <ul className="mt-3 grid gap-3">
              {step.complements.map((c: CfgComplement) => {
                const full = complements.find((x) => x.id === c.id);
                return full ? <ComplementCard key={c.id} c={full} cfg={cfg} installationText={c.id === INSTALLATION_ID || c.id === FACILITY_ID} /> : null;
              })}
            </ul>
          </>
        )}

        {step.kind === "summary" && <Summary cfg={cfg} />}
      </div>

      <div className="mt-5 flex items-center justify-between gap-3">
        <button type="button" className="btn-secondary" onClick={() => dispatch({ type: "prev" })} disabled={index === 0}>
          {t("product.config.prev")}
        </button>
        {index < steps.length - 1 && (
          <button
            type="button"
            className="btn-dark"
            onClick={() => dispatch({ type: "next" })}
            disabled={!complete}
            aria-describedby={!complete ? "config-next-hint" : undefined}
          >
            {t("product.config.next")}
          </button>
        )}
      </div>
      {!complete && index < steps.length - 1 && (
        <p id="config-next-hint" className="mt-2 text-right text-xs text-muted">
          {t("product.config.next_hint")}
        </p>
      )}
    </section>
  );
}
