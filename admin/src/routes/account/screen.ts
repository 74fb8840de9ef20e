import type { Screen } from "../../screens";

export const screens: Screen[] = [{ path: "account", page: () => import("./page") }];
