import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { mediaUrl } from "../../../core/media.ts";
import type { SearchSuggestion } from "../../../core/catalog.types.ts";
import { useI18n } from "~/lib/i18n";
import { useRootData } from "~/lib/root-data";

type Option = { id: string; group: "products" | "categories" | "brands" | "all"; label: string; to: string; image?: string | null; price?: number };

const DEBOUNCE_MS = 220;

function toOptions(s: SearchSuggestion, q: string, href: (p: string) => string): Option[] {
  return [
    ...s.products.map((p) => ({ id: `p${p.id}`, group: "products" as const, label: p.name, to: href(p.path), image: p.image?.key, price: p.prices.pvp_web })),
    ...s.categories.map((c) => ({ id: `c${c.id}`, group: "categories" as const, label: c.name, to: href(c.path) })),
    ...s.brands.map((b) => ({ id: `b${b.id}`, group: "brands" as const, label: b.name, to: href(`/marcas/${b.slug}`) })),
    { id: "all", group: "all" as const, label: q, to: `${href("/buscar")}?q=${encodeURIComponent(q)}` },
  ];
}

/**
 * The header's search input with as-you-type suggestions (WAI-ARIA combobox with a listbox):
 * arrows move through the options, Enter opens one, Escape closes the list. Without
 * JavaScript it is a plain input of the GET form to /buscar.
 */
export function SearchCombobox({ id, defaultValue, className, initialValue }: { id: string; defaultValue: string; className: string; initialValue?: string }) {
  const { t, href, lang, price } = useI18n();
  const root = useRootData();
  const navigate = useNavigate();
  const [value, setValue] = useState(initialValue ?? defaultValue);
  const [options, setOptions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const abort = useRef<AbortController>(undefined);
  const listId = `${id}-list`;

  // A new search's words (another results page): not on mount, which would undo what was typed
  // since the first render.
  const shown = useRef(defaultValue);
  useEffect(() => {
    if (shown.current === defaultValue) return;
    shown.current = defaultValue;
    setValue(defaultValue);
  }, [defaultValue]);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      abort.current?.abort();
    },
    [],
  );

  const fetchSuggestions = (q: string) => {
    clearTimeout(timer.current);
    abort.current?.abort();
    if (q.trim().length < 2) {
      setOptions([]);
      setOpen(false);
      return;
    }
    timer.current = setTimeout(async () => {
      const ctrl = new AbortController();
      abort.current = ctrl;
      try {
        const params = new URLSearchParams({ q: q.trim(), store: root.store.sourceCode, language: lang });
        const res = await fetch(`/api/catalog/v1/search/suggest/?${params}`, { signal: ctrl.signal, headers: { accept: "application/json" } });
        if (!res.ok) return;
        const s = (await res.json()) as SearchSuggestion;
        setOptions(toOptions(s, q.trim(), href));
        setActive(-1);
        setOpen(true);
      } catch {
        /* aborted or offline: the form still submits to the results page */
      }
    }, DEBOUNCE_MS);
  };

  const go = (o: Option) => {
    setOpen(false);
    navigate(o.to);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (!options.length) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === "ArrowDown" ? 1 : -1;
      // -1 is the input itself: the cycle goes input, options..., input.
      setActive((a) => {
        const next = a + step;
        if (next >= options.length) return -1;
        return next < -1 ? options.length - 1 : next;
      });
    } else if (e.key === "Enter" && open && active >= 0 && options[active]) {
      e.preventDefault();
      go(options[active]);
    } else if (e.key === "Escape") {
      if (open) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (value) {
        setValue("");
      }
    }
  };

  const groups: { key: Option["group"]; label: string }[] = [
    { key: "products", label: t("search.suggest.products") },
    { key: "categories", label: t("search.suggest.categories") },
    { key: "brands", label: t("search.suggest.brands") },
    { key: "all", label: "" },
  ];
  const expanded = open && options.length > 0;
  const activeId = expanded && active >= 0 ? `${id}-o-${options[active]?.id}` : undefined;

  return (
    <>
      <input
        id={id}
        name="q"
        type="search"
        value={value}
        placeholder={t("header.search.placeholder")}
        className={className}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeId}
        onChange={(e) => {
          setValue(e.target.value);
          fetchSuggestions(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => options.length > 0 && setOpen(true)}
        onBlur={() => setOpen(false)}
        maxLength={100}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={t("search.suggest.label")}
        hidden={!expanded}
        onMouseDown={(e) => e.preventDefault()}
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-xl border border-slate-200 bg-white p-2 text-left shadow-xl"
      >
        {groups.map((g) => {
          const list = options.filter((o) => o.group === g.key);
          if (!list.length) return null;
          return (
            <div key={g.key} role="group" aria-label={g.label || undefined} className="py-1">
              {g.label && (
                <div className="px-2 pb-1 text-xs font-semibold uppercase tracking-wider text-muted" aria-hidden="true">
                  {g.label}
                </div>
              )}
              {list.map((o) => {
                const i = options.indexOf(o);
                return (
                  <div
                    key={o.id}
                    id={`${id}-o-${o.id}`}
                    role="option"
                    aria-selected={i === active}
                    tabIndex={-1}
                    onClick={() => go(o)}
                    onKeyDown={() => undefined}
                    onMouseEnter={() => setActive(i)}
                    className={`flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 text-sm ${i === active ? "bg-brand-50 text-brand-900" : "text-ink"}`}
                  >
                    {o.group === "products" && (
                      <span className="h-10 w-10 shrink-0 overflow-hidden rounded bg-sand-50">
                        {o.image && (
                          <img src={mediaUrl(o.image, 160, "webp")} alt="" width={40} height={40} className="h-10 w-10 object-contain" loading="lazy" />
                        )}
                      </span>
                    )}
                    <span className="flex-1">{o.group === "all" ? <strong>{t("search.suggest.all", { q: o.label })}</strong> : o.label}</span>
                    {o.price != null && <span className="font-semibold">{price(o.price)}</span>}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </>
  );
}
