import { createRequire } from "node:module";
import { dirname, join } from "node:path";

// DejaVu Sans (free licence, from the dejavu-fonts-ttf package): embedded in every PDF the shop
// makes (invoices, quotations, packing slips), so a document looks the same everywhere and prints
// ñ, ç, € and œ.
const fontDir = join(dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
export const PDF_FONT = join(fontDir, "DejaVuSans.ttf");
export const PDF_FONT_BOLD = join(fontDir, "DejaVuSans-Bold.ttf");
