/** The seed asks the database the same question as the start: server/db/is-empty.ts. */
export { isEmptyDatabase as isEmpty } from "../server/db/is-empty.ts";
