export function shopNodeOptions(env?: Record<string, string | undefined>): string;
