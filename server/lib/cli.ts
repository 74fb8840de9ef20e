import { ConfigError } from "../config.ts";
import { DataDirLockedError } from "../db/lock.ts";

/**
 * Runs a command-line tool (seed, staff user, coupon): a wrong configuration or a DATA_DIR held
 * by a running shop ends with its one-line message and exit code 1, anything else with the stack.
 */
export function runCli(main: () => Promise<void>): void {
  main().catch((e) => {
    console.error(e instanceof ConfigError || e instanceof DataDirLockedError ? e.message : e);
    process.exit(1);
  });
}
