export function findChromium(): Promise<string | undefined>;
export const NO_CHROMIUM_MESSAGE: string;
export const PLAYWRIGHT_DISABLED_FEATURES: string[];
export const OMNIBOX_WEBUI_FEATURES: string[];
export const CHROMIUM_ARGS: string[];
