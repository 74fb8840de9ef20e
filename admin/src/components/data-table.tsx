import { type ColumnDef, type RowData, type RowSelectionState, rowSelectionFeature, tableFeatures, useTable } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { useLang } from "../lib/i18n";
import { cx, EmptyState } from "./ui";

export const tableFeatureSet = tableFeatures({ rowSelectionFeature });
export type Column<T extends RowData> = ColumnDef<typeof tableFeatureSet, T>;

const TEXT = {
  es: { selectAll: "Seleccionar todas las filas visibles", select: "Seleccionar {id}" },
  fr: { selectAll: "Sélectionner toutes les lignes visibles", select: "Sélectionner {id}" },
};

/**
 * The back office's table (TanStack Table v9, headless): server-paged rows (the list APIs sort
 * and page; the table never holds more than one page), optional row selection for bulk actions,
 * a caption for screen readers, and horizontal scrolling on narrow screens.
 */
export function DataTable<T extends RowData>({
  caption,
  columns,
  data,
  rowId,
  rowLabel,
  selection,
  onSelectionChange,
  empty,
}: {
  caption: string;
  columns: Column<T>[];
  data: T[];
  rowId: (row: T) => string;
  /** How a row is named for its selection checkbox ("pedido 100234"). */
  rowLabel?: (row: T) => string;
  selection?: RowSelectionState;
  onSelectionChange?: (s: RowSelectionState) => void;
  empty?: ReactNode;
}) {
  const lang = useLang();
  const selectable = Boolean(selection && onSelectionChange);
  const table = useTable({
    features: tableFeatureSet,
    columns,
    data,
    getRowId: (row) => rowId(row),
    enableRowSelection: selectable,
    state: { rowSelection: selection ?? {} },
    onRowSelectionChange: (updater) => {
      if (!onSelectionChange) return;
      onSelectionChange(typeof updater === "function" ? updater(selection ?? {}) : updater);
    },
  });
  const rows = table.getRowModel().rows;
  if (!data.length && empty) return <EmptyState>{empty}</EmptyState>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          {table.getHeaderGroups().map((hg) => (
            <tr key={hg.id}>
              {selectable ? (
                <th scope="col" className="w-10 px-3 py-2">
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    aria-label={TEXT[lang].selectAll}
                    checked={table.getIsAllRowsSelected()}
                    ref={(el) => {
                      if (el) el.indeterminate = table.getIsSomeRowsSelected();
                    }}
                    onChange={table.getToggleAllRowsSelectedHandler()}
                  />
                </th>
              ) : null}
              {hg.headers.map((h) => (
                <th key={h.id} scope="col" className="px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700 whitespace-nowrap">
                  {h.isPlaceholder ? null : <table.FlexRender header={h} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} className={cx("hover:bg-slate-50", row.getIsSelected() && "bg-blue-50")}>
              {selectable ? (
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    aria-label={TEXT[lang].select.replace("{id}", rowLabel ? rowLabel(row.original) : row.id)}
                    checked={row.getIsSelected()}
                    onChange={row.getToggleSelectedHandler()}
                  />
                </td>
              ) : null}
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className="px-3 py-2 align-top text-slate-800">
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
