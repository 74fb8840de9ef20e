export const ROOT: string;
export function sourcesTime(): number;
export function isBuildFresh(buildDir: string): boolean;
export function buildInto(buildDir: string, opts?: { quiet?: boolean }): number;
