export function findChromium(): Promise<string | undefined>;
export const NO_CHROMIUM_MESSAGE: string;
export const CHROMIUM_ARGS: string[];
