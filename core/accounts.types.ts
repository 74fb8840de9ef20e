/** Account shapes as the storefront uses them, inferred from core/accounts.schema.ts. */
import type { z } from "zod";
import type * as S from "./accounts.schema.ts";

export type CustomerType = z.infer<typeof S.CustomerType>;
export type ClientDto = z.infer<typeof S.ClientDto>;
export type TokenPair = z.infer<typeof S.TokenPair>;
export type AddressDto = z.infer<typeof S.AddressDto>;
export type WishlistItemDto = z.infer<typeof S.WishlistItemDto>;
export type NewsletterStatus = z.infer<typeof S.NewsletterStatus>;
export type AccountExport = z.infer<typeof S.AccountExport>;
export type {
  AddressType,
  AddressInput,
  SignupInput,
  LoginInput,
  ProfileInput,
  ChangeEmailInput,
  ChangePasswordInput,
  NewPasswordInput,
} from "./accounts.forms.ts";
