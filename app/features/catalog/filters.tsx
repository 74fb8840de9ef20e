import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import { Link } from "~/components/link";
import {
  type FilterChange,
  LISTING_SORTS,
  type ListingSort,
  type SavedCategoryPage,
  type Selection,
  hasSelection,
  parseListingState,
  savedKeysToClear,
  selectFilter,
  serialiseListingState,
} from "../../../core/catalog-filters.ts";
import type { FilterView as FilterDto } from "../../../core/card-view.ts";
import { useI18n } from "~/lib/i18n";
import { STORAGE_KEYS, readStorage, writeStorage } from "~/lib/local-store";

// The switch, the dual range and the option rows are utilities of app/app.css (written once there,
// not in every option of the page): a group's list carries one class (filter-bools, filter-colors,
// filter-options, range-inputs) and its labels, inputs and spans are styled as its children.

type Ctx = { selected: Selection; sort: ListingSort; categoryId?: number };

/** Where a change of filters leads: page 1 of the new selection, same sort. */
function hrefFor(ctx: Ctx, selected: Selection, sort = ctx.sort): string {
  const qs = serialiseListingState({ sort, selected });
  return qs ? `?${qs}` : "?";
}

function useApply(ctx: Ctx) {
  const navigate = useNavigate();
  return (selected: Selection, sort = ctx.sort) => {
    if (ctx.categoryId != null) {
      const saved = readStorage<SavedCategoryPage | null>(STORAGE_KEYS.categoryPage, null);
      for (const key of savedKeysToClear(saved, ctx.categoryId, { page: STORAGE_KEYS.categoryPage, position: STORAGE_KEYS.productPosition }))
        writeStorage(key, undefined);
    }
    navigate(hrefFor(ctx, selected, sort), { preventScrollReset: true });
  };
}

/**
 * Sort select: a GET form (JavaScript off: the button submits it), applied on change with JavaScript.
 * Its label and select are styled as children of `sort-form` (app/app.css).
 */
export function SortSelect({ selected, sort, categoryId, sorts = LISTING_SORTS, id = "sort" }: Ctx & { sorts?: readonly ListingSort[]; id?: string }) {
  const { t } = useI18n();
  const apply = useApply({ selected, sort, categoryId });
  const location = useLocation();
  const q = new URLSearchParams(location.search).get("q");
  return (
    <form method="get" className="sort-form" onSubmit={(e) => e.preventDefault()}>
      {q != null && <input type="hidden" name="q" value={q} />}
      {selected.options.length > 0 && <input type="hidden" name="f" value={selected.options.join(",")} />}
      {Object.entries(selected.ranges).map(([id, [a, b]]) => (
        <input key={id} type="hidden" name={`r_${id}`} value={`${a}-${b}`} />
      ))}
      <label htmlFor={id}>{t("catalog.sort.label")}</label>
      <select id={id} name="sort" value={sort} onChange={(e) => apply(selected, e.target.value as ListingSort)}>
        {sorts.map((s) => (
          <option key={s} value={s}>
            {t(`catalog.sort.${s}`)}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="btn-secondary" formNoValidate>
          {t("catalog.sort.apply")}
        </button>
      </noscript>
    </form>
  );
}

/** Chips of the selected filters, each removable, plus "clear all": plain links, so they work without JavaScript. */
export function SelectedChips({ filters, ...ctx }: Ctx & { filters: FilterDto[] }) {
  const { t } = useI18n();
  if (!hasSelection(ctx.selected)) return null;
  const chips: { key: string; label: string; change: FilterChange }[] = [];
  for (const f of filters) {
    const r = ctx.selected.ranges[f.id];
    if (r)
      chips.push({ key: `r${f.id}`, label: `${f.name}: ${r[0]}–${r[1]}${f.unit ? ` ${f.unit}` : ""}`, change: { kind: "range", filterId: f.id, value: null } });
    for (const o of f.options) {
      if (ctx.selected.options.includes(o.id))
        chips.push({ key: `o${o.id}`, label: f.filter_type === "bool" ? f.name : `${f.name}: ${o.name}`, change: { kind: "option", id: o.id, value: null } });
    }
  }
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label={t("catalog.filters.selected")}>
      {chips.map((c) => (
        <li key={c.key}>
          <ChipLink ctx={ctx} to={selectFilter(ctx.selected, c.change)} label={c.label} />
        </li>
      ))}
      <li>
        <ChipLink ctx={ctx} to={{ options: [], ranges: {} }} label={t("catalog.filters.clear_all")} plain />
      </li>
    </ul>
  );
}

function ChipLink({ ctx, to, label, plain = false }: { ctx: Ctx; to: Selection; label: string; plain?: boolean }) {
  const { t } = useI18n();
  const apply = useApply(ctx);
  return (
    <Link
      to={hrefFor(ctx, to)}
      preventScrollReset
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.button !== 0) return;
        e.preventDefault();
        apply(to);
      }}
      className={
        plain
          ? "inline-flex min-h-9 items-center px-2 text-sm font-semibold text-brand-700 underline hover:text-brand-900"
          : "inline-flex min-h-9 items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 py-1 pl-3 pr-2 text-sm text-brand-900 hover:border-brand-600"
      }
      aria-label={plain ? undefined : t("catalog.filters.remove", { name: label })}
    >
      {label}
      {!plain && (
        <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round">
          <path d="M18 6 6 18M6 6l12 12" />
        </svg>
      )}
    </Link>
  );
}

/** A range filter: a two-thumb slider and two number inputs kept in step; applied when the shopper lets go. */
function RangeFilter({ filter, value, onCommit }: { filter: FilterDto; value: [number, number] | undefined; onCommit: (v: [number, number] | null) => void }) {
  const { t } = useI18n();
  const min = filter.range?.min ?? 0;
  const max = filter.range?.max ?? 0;
  const [v, setV] = useState<[number, number]>(value ?? [min, max]);
  const key = `${value?.[0]}-${value?.[1]}-${min}-${max}`;
  const last = useRef(key);
  if (last.current !== key) {
    last.current = key;
    setV(value ?? [min, max]);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (max <= min) return null;
  const commit = (next: [number, number], delay = 0) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const lo = Math.max(min, Math.min(next[0], next[1]));
      const hi = Math.min(max, Math.max(next[0], next[1]));
      if (value && value[0] === lo && value[1] === hi) return;
      onCommit(lo <= min && hi >= max ? null : [lo, hi]);
    }, delay);
  };
  const set = (i: 0 | 1, n: number, delay: number) => {
    const next: [number, number] = i === 0 ? [n, v[1]] : [v[0], n];
    setV(next);
    commit(next, delay);
  };
  const pct = (n: number) => ((n - min) / (max - min)) * 100;
  const unit = filter.unit ? ` (${filter.unit})` : "";
  return (
    <div className="px-1 pt-2">
      <div className="dual-range">
        <div className="range-fill" style={{ left: `${pct(v[0])}%`, right: `${100 - pct(v[1])}%` }} />
        <input
          type="range"
          min={min}
          max={max}
          value={v[0]}
          aria-label={`${filter.name}: ${t("catalog.filters.min")}${unit}`}
          onChange={(e) => set(0, Math.min(Number(e.target.value), v[1]), 600)}
        />
        <input
          type="range"
          min={min}
          max={max}
          value={v[1]}
          aria-label={`${filter.name}: ${t("catalog.filters.max")}${unit}`}
          onChange={(e) => set(1, Math.max(Number(e.target.value), v[0]), 600)}
        />
      </div>
      <div className="range-inputs">
        <label>
          {`${t("catalog.filters.min")}${unit}`}
          <input
            type="number"
            name={`r_${filter.id}_min`}
            inputMode="numeric"
            min={min}
            max={max}
            value={v[0]}
            onChange={(e) => set(0, Number(e.target.value), 900)}
          />
        </label>
        <span aria-hidden="true">–</span>
        <label>
          {`${t("catalog.filters.max")}${unit}`}
          <input
            type="number"
            name={`r_${filter.id}_max`}
            inputMode="numeric"
            min={min}
            max={max}
            value={v[1]}
            onChange={(e) => set(1, Number(e.target.value), 900)}
          />
        </label>
      </div>
    </div>
  );
}

function FilterGroup({ filter, ctx, onChange }: { filter: FilterDto; ctx: Ctx; onChange: (c: FilterChange) => void }) {
  const { t } = useI18n();
  const options = filter.options.filter((o) => !o.hidden && (o.count > 0 || ctx.selected.options.includes(o.id)));
  const isColor = options.some((o) => o.color);
  const open = filter.filter_type === "range" ? ctx.selected.ranges[filter.id] != null || filter.category_filter_position < 3 : true;
  if (filter.filter_type !== "range" && options.length === 0) return null;
  const checkbox = (o: FilterDto["options"][number]) => ({
    type: "checkbox" as const,
    name: "f",
    value: o.id,
    checked: ctx.selected.options.includes(o.id),
    onChange: () => onChange({ kind: "option", id: o.id }),
  });
  return (
    <details className="filter-group" open={open}>
      {/* The chevron is the summary's ::after (app/app.css), turned while the group is open. */}
      <summary className="filter-summary">{filter.name}</summary>
      {filter.filter_type === "range" ? (
        <RangeFilter filter={filter} value={ctx.selected.ranges[filter.id]} onCommit={(value) => onChange({ kind: "range", filterId: filter.id, value })} />
      ) : filter.filter_type === "bool" ? (
        <ul className="filter-bools">
          {options.map((o) => (
            <li key={o.id}>
              <label>
                <span>
                  {`${o.name} `}
                  <span className="text-muted">{`(${o.count})`}</span>
                </span>
                <input {...checkbox(o)} role="switch" aria-checked={ctx.selected.options.includes(o.id)} />
              </label>
            </li>
          ))}
        </ul>
      ) : isColor ? (
        <ul className="filter-colors">
          {options.map((o) => (
            <li key={o.id}>
              <label title={`${o.name} (${o.count})`}>
                <input {...checkbox(o)} />
                <span style={{ background: o.color ?? "#ccc" }} />
                <span>{o.name}</span>
              </label>
            </li>
          ))}
        </ul>
      ) : (
        <ul className="filter-options">
          {options.map((o) => (
            <li key={o.id}>
              <label>
                <input {...checkbox(o)} />
                <span>{o.name}</span>
                <span>{o.count}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {filter.filter_type === "range" && <span className="sr-only">{t("catalog.filters.range_hint")}</span>}
    </details>
  );
}

/**
 * The filters panel: a sidebar on large screens, a modal dialog on phones (native <dialog>:
 * focus stays inside, Escape closes). It is one GET form, so with JavaScript off the
 * "apply" button submits it; with JavaScript every change applies at once.
 */
export function FiltersPanel({ filters, total, ...given }: Ctx & { filters: FilterDto[]; total: number }) {
  const { t } = useI18n();
  // While the next listing loads, the controls already show what the shopper chose.
  const navigation = useNavigation();
  const here = useLocation();
  const pending = navigation.location?.pathname === here.pathname ? parseListingState(new URLSearchParams(navigation.location.search)) : null;
  const ctx: Ctx = pending ? { ...given, selected: pending.selected, sort: pending.sort } : given;
  const apply = useApply(ctx);
  const dialog = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  const count = ctx.selected.options.length + Object.keys(ctx.selected.ranges).length;
  const sorted = [...filters].sort((a, b) => a.category_filter_position - b.category_filter_position);
  const close = () => dialog.current?.open && dialog.current.close();
  // With JavaScript every change applies at once: the submit button only matters on phones (to close).
  const [js, setJs] = useState(false);
  useEffect(() => setJs(true), []);
  return (
    <>
      {/* biome-ignore lint/a11y/useValidAnchor: a real link so that without JavaScript the panel opens as the :target */}
      <a
        href="#filtros"
        className="btn-secondary w-full lg:hidden"
        onClick={(e) => {
          e.preventDefault();
          dialog.current?.showModal();
        }}
        aria-haspopup="dialog"
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M4 6h16M7 12h10M10 18h4" />
        </svg>
        {t("catalog.filters.title")}
        {count > 0 && <span className="rounded-full bg-brand-700 px-2 text-xs text-white">{count}</span>}
      </a>
      <dialog ref={dialog} id="filtros" aria-labelledby="filters-title" className="filters-dialog">
        <form
          method="get"
          action={location.pathname}
          className="flex h-full flex-col"
          onSubmit={(e) => {
            e.preventDefault();
            close();
          }}
        >
          {ctx.sort !== "best_seller" && <input type="hidden" name="sort" value={ctx.sort} />}
          <div className="filters-head">
            <h2 id="filters-title" className="text-lg font-bold text-brand-900">
              {t("catalog.filters.title")}
            </h2>
            <button type="button" className="rounded-lg p-2 text-brand-800 lg:hidden" onClick={close} aria-label={t("catalog.filters.close")}>
              <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M18 6 6 18M6 6l12 12" />
              </svg>
            </button>
          </div>
          <div className="filters-body">
            {sorted.map((f) => (
              <FilterGroup key={f.id} filter={f} ctx={ctx} onChange={(c) => apply(selectFilter(ctx.selected, c))} />
            ))}
          </div>
          <div className="filters-foot">
            {count > 0 && (
              <Link
                to={hrefFor(ctx, { options: [], ranges: {} })}
                className="btn-secondary flex-1"
                onClick={(e) => {
                  e.preventDefault();
                  apply({ options: [], ranges: {} });
                }}
              >
                {t("catalog.filters.clear_all")}
              </Link>
            )}
            <button type="submit" className={`btn-dark flex-1 ${js ? "lg:hidden" : ""}`}>
              {t("catalog.filters.show", { count: total })}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
