/**
 * The configurator's shapes: what it reads of the catalog (structural subsets of the catalog's
 * own types, core/catalog.types.ts, so the API's answers are passed as they are), what the
 * shopper chose, what the evaluation finds, the steps and the reducer's actions.
 */
import type { AttributeDto, AttributeOptionDto, ComplementDto, ComplementTypeDto, CustomerType, Prices, ProductDetail, VariantDto } from "../catalog.types.ts";
import type { Cents } from "../money.ts";
import type { FacilityChoice, FacilityPart, InstallationTariff } from "./facility.ts";

/** Whose prices: professionals get each product's professional discount. */
export type { CustomerType };

// ---------------------------------------------------------------- input shapes (subsets of the catalog's)

export type CfgPrices = Pick<Prices, "pvp_web" | "pvp_original" | "professional_discount_bp">;

export type CfgOption = Pick<
  AttributeOptionDto,
  "id" | "ref" | "price" | "position" | "slug" | "value_string" | "value_range_min" | "value_range_max" | "block_options" | "complements_locked"
>;

export type CfgAttribute = Pick<AttributeDto, "id" | "slug" | "name" | "field_type" | "aesthetic" | "group" | "position" | "range"> & {
  options: CfgOption[];
};

export type CfgVariant = Pick<VariantDto, "id" | "ref" | "options" | "stock"> & { prices: CfgPrices };

export type CfgComplementType = ComplementTypeDto;

export type CfgComplement = Pick<ComplementDto, "id" | "price" | "quantity" | "position" | "complement_type"> & {
  product: Pick<NonNullable<ComplementDto["product"]>, "id" | "ref" | "name"> | null;
  attributes: CfgAttribute[];
  variants: CfgVariant[];
};

export type CfgProduct = Pick<ProductDetail, "id" | "ref" | "name" | "stock" | "max_combined_measure"> & {
  prices: CfgPrices;
  variants: CfgVariant[];
};

/** Everything the configurator needs about one product in one store. */
export type ConfigCatalog = {
  product: CfgProduct;
  attributes: CfgAttribute[];
  complements: CfgComplement[];
  complementTypes: CfgComplementType[];
  /**
   * The store's VAT in basis points, applied to the installation and facility services: the
   * catalog keeps their prices net and spec 9 charges them x 1.21. Absent: no VAT added.
   */
  serviceVatBp?: number;
  /**
   * The installation wizard's tariff (facility options stored for the store). Present: the
   * `facility` complement is priced from the shopper's answers (city, distance, disassembly,
   * pre-measurement) and goes with `installation-complement` (the reservation) as one service.
   * Absent (no facility options, e.g. a bare test catalog): `facility` is a plain opt-in line.
   */
  installation?: InstallationTariff | null;
};

/** Service complements whose quantity follows the product quantity. */
export const INSTALLATION_ID = "installation-complement";
export const FACILITY_ID = "facility";
export const isService = (id: string) => id === INSTALLATION_ID || id === FACILITY_ID;

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;

export const clampQuantity = (n: number) => Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Number.isFinite(n) ? Math.trunc(n) : 1));

// ---------------------------------------------------------------- selection (what the shopper chose)

export type ComplementSelection = {
  quantity: number;
  /** attribute id -> option id */
  options: Record<string, number>;
  /** range attribute id -> cm */
  ranges: Record<string, number>;
  /** The installation wizard's answers (the `facility` complement only). */
  facility?: FacilityChoice;
};

export type Selection = {
  quantity: number;
  /** attribute id -> chosen option id (range attributes: derived from the measure, not stored). */
  options: Record<string, number>;
  /** range attribute id -> measure in whole cm */
  ranges: Record<string, number>;
  /** open attribute id -> free text */
  texts: Record<string, string>;
  /** complement id -> its selection; a complement is present at most once. */
  complements: Record<string, ComplementSelection>;
};

export const emptySelection = (): Selection => ({ quantity: 1, options: {}, ranges: {}, texts: {}, complements: {} });

export type Issue =
  | { code: "incomplete"; attributeId: number }
  | { code: "range"; attributeId: number; min: number; max: number }
  | { code: "combined"; sum: number; max: number }
  | { code: "blocked"; attributeId: number; optionId: number; by: number }
  | { code: "unknown_option"; attributeId: number }
  | { code: "no_variant" }
  | { code: "complement_incomplete"; complementId: string }
  | { code: "complement_unknown"; complementId: string }
  | { code: "complement_locked"; complementId: string }
  /** The wizard's city is unknown or has no service; quote-only (budget) city; no price at that distance. */
  | { code: "facility_city"; complementId: string }
  | { code: "facility_budget"; complementId: string }
  | { code: "facility_distance"; complementId: string }
  | { code: "quantity" };

// ---------------------------------------------------------------- evaluation and price

export type PriceLine = {
  kind: "product" | "complement";
  id: string;
  name: string;
  ref: string;
  quantity: number;
  /** Unit price paid (after the professional discount when it applies). */
  unit: Cents;
  total: Cents;
  /** Total before the offer, when on offer. */
  original: Cents | null;
  /** The installation wizard's parts of one unit (city, disassembly, pre-measurement), VAT included each. */
  parts?: FacilityPart[];
};

export type PriceBreakdown = {
  lines: PriceLine[];
  total: Cents;
  /** Total at struck-through prices (null when nothing is on offer). */
  original: Cents | null;
  /** What the professional discount saved (0 for private customers). */
  professionalSaving: Cents;
};

export type ComplementEvaluation = {
  id: string;
  complete: boolean;
  variant: CfgVariant | null;
  chosen: number[];
  blocked: Record<number, number>;
  issues: Issue[];
};

export type Evaluation = {
  chosen: number[];
  variant: CfgVariant | null;
  blocked: Record<number, number>;
  lockedTypes: Set<number>;
  issues: Issue[];
  complements: Record<string, ComplementEvaluation>;
  /** Product attributes answered, ranges valid and a variant found. */
  productComplete: boolean;
  complementsComplete: boolean;
  /** The first problem, as the code of its spec message; null when the configuration can go to the cart. */
  status: null | "incomplete" | "complements_incomplete" | "invalid";
  price: PriceBreakdown;
};

// ---------------------------------------------------------------- steps

export type Step =
  | { key: string; kind: "aesthetic"; title: null; attributes: CfgAttribute[] }
  | { key: string; kind: "group"; title: string; attributes: CfgAttribute[] }
  | { key: string; kind: "complements"; title: string; type: CfgComplementType; complements: CfgComplement[] }
  | { key: "summary"; kind: "summary"; title: null };

/**
 * The configurator's steps: aesthetic attributes first (when the product has any), then the
 * configuration groups in order, then the complement types in order except those locked by
 * a chosen option, then the summary.
 */
// ---------------------------------------------------------------- state and reducer

export type ConfigState = { step: string; selection: Selection };

export type ConfigAction =
  | { type: "choose"; attributeId: number; optionId: number }
  | { type: "clear"; attributeId: number }
  | { type: "range"; attributeId: number; value: number | null }
  | { type: "text"; attributeId: number; value: string }
  | { type: "next" }
  | { type: "prev" }
  | { type: "goto"; step: string }
  | { type: "quantity"; quantity: number }
  | { type: "addComplement"; complementId: string }
  | { type: "removeComplement"; complementId: string }
  | { type: "complementChoose"; complementId: string; attributeId: number; optionId: number }
  | { type: "complementRange"; complementId: string; attributeId: number; value: number | null }
  | { type: "complementQuantity"; complementId: string; quantity: number }
  /** The installation wizard's outcome: add the service with these answers, or take it off (null). */
  | { type: "installation"; choice: FacilityChoice | null };

/** The starting state: first step, the default variant's options and the free answer of yes/no toggles pre-chosen. */
// ---------------------------------------------------------------- server-side check

export type CheckedConfiguration =
  | {
      ok: true;
      productId: number;
      variant: CfgVariant | null;
      /** The reference that goes to the cart line: the variant's, else the product's. */
      ref: string;
      quantity: number;
      optionIds: number[];
      ranges: Record<string, number>;
      texts: Record<string, string>;
      complements: { id: string; quantity: number; variantId: number | null; optionIds: number[] }[];
      price: PriceBreakdown;
    }
  | { ok: false; status: NonNullable<Evaluation["status"]>; issues: Issue[] };

/**
 * What the server runs before a configured product goes to the cart: the submission is
 * checked against the catalog (options belong to the product's attributes, the selected
 * variant exists and matches, measures within limits, complements belong to the product
 * and are not locked, quantities 1..99) and priced from the catalog, never from the client.
 */
