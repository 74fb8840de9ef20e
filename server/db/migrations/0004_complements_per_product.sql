-- Complement ids are unique per product, not across the catalog: every installable product
-- carries the special "installation-complement" and "facility" complements (spec section 3).
DROP INDEX "complements_product";--> statement-breakpoint
ALTER TABLE "complements" DROP CONSTRAINT "complements_pkey";--> statement-breakpoint
ALTER TABLE "complements" ADD CONSTRAINT "complements_product_id_id_pk" PRIMARY KEY("product_id","id");
