/**
 * When each popup was last shown to this browser: localStorage `db_popups` = { [popup id]: epoch ms }.
 * A functional record (it only keeps the visitor's own "I've seen it"), read and written after the
 * cookie choice, never before.
 */
export const POPUPS_KEY = "db_popups";

/** A popup shows at most once per visitor in this period. */
export const POPUP_PERIOD_DAYS = 30;

type Seen = Record<string, number>;

function read(): Seen {
  try {
    const v = JSON.parse(window.localStorage.getItem(POPUPS_KEY) ?? "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Seen) : {};
  } catch {
    return {};
  }
}

export function seenRecently(id: number, now = Date.now()): boolean {
  const at = read()[String(id)];
  return typeof at === "number" && now - at < POPUP_PERIOD_DAYS * 86_400_000;
}

export function markSeen(id: number, now = Date.now()): void {
  const seen = read();
  // Only the entries still inside their period are kept: the record never grows for good.
  const kept = Object.fromEntries(Object.entries(seen).filter(([, at]) => typeof at === "number" && now - at < POPUP_PERIOD_DAYS * 86_400_000));
  try {
    window.localStorage.setItem(POPUPS_KEY, JSON.stringify({ ...kept, [String(id)]: now }));
  } catch {
    /* storage off (private mode, full): the popup may show again, the page keeps working */
  }
}
