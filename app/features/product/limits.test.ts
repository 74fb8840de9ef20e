import { describe, expect, it } from "vitest";
import * as schema from "../../../core/product-page.schema.ts";
import { QUESTION_MAX, REVIEW_MAX } from "./limits";

describe("product form limits", () => {
  it("are the ones the server checks", () => {
    expect(REVIEW_MAX).toBe(schema.REVIEW_MAX);
    expect(QUESTION_MAX).toBe(schema.QUESTION_MAX);
  });
});
