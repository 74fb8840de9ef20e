import { useCallback, useEffect, useState } from "react";
import { type FacilityOption, type InstallationTariff, tariffFromOptions } from "../../../core/configurator.ts";
import { useI18n } from "~/lib/i18n";

/**
 * The installation wizard's tariff (every city's prices, ~4 KB) is not in the product page's
 * data: the page says only whether the store has one, and the tariff is fetched from the API
 * (GET /api/installations/v1/prices/web_list/, the same options the server prices with) when
 * the wizard's step comes near. Until then the configurator runs with an empty tariff: nothing
 * it prices reads it before the wizard has answers, and the wizard waits for the real one.
 */
export const PENDING_TARIFF: InstallationTariff = Object.freeze({ disassembly: 0, premeasure: {}, cities: [] }) as InstallationTariff;

const loaded = new Map<string, Promise<InstallationTariff | null>>();

function fetchTariff(lang: string): Promise<InstallationTariff | null> {
  let p = loaded.get(lang);
  if (!p) {
    p = fetch(`/api/installations/v1/prices/web_list/?language=${lang}`, { headers: { accept: "application/json" } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`tariff: ${res.status}`);
        return tariffFromOptions(((await res.json()) as { results: FacilityOption[] }).results);
      })
      .catch((e) => {
        loaded.delete(lang);
        throw e;
      });
    loaded.set(lang, p);
  }
  return p;
}

export type TariffState = {
  /** null: the store has no wizard; PENDING_TARIFF until the real one arrived. */
  value: InstallationTariff | null;
  ready: boolean;
  failed: boolean;
  /** Starts the fetch (once); the wizard's module is loaded alongside by its caller. */
  load: () => void;
};

export function useInstallationTariff(enabled: boolean): TariffState {
  const { lang } = useI18n();
  const [tariff, setTariff] = useState<InstallationTariff | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled || attempt === 0 || tariff) return;
    let live = true;
    fetchTariff(lang).then(
      (t) => {
        if (!live) return;
        if (t) setTariff(t);
        else setFailed(true);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [enabled, attempt, tariff, lang]);
  // A first call, or another try after a failure.
  const load = useCallback(() => {
    setFailed(false);
    setAttempt((a) => (a === 0 || failed ? a + 1 : a));
  }, [failed]);
  return { value: enabled ? (tariff ?? PENDING_TARIFF) : null, ready: !!tariff, failed, load };
}
