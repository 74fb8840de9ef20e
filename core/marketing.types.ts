/** Marketing shapes (popups) as the storefront uses them, inferred from core/marketing.schema.ts. */
import type { z } from "zod";
import type * as S from "./marketing.schema.ts";

export type PopupDto = z.infer<typeof S.PopupDto>;
