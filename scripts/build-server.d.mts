export const SERVER_OUT: string;
export function serverBuildOptions(): Record<string, unknown>;
export function serverImports(): Promise<{ atStart: Set<string>; onDemand: Set<string> }>;
export function buildServer(): Promise<string>;
