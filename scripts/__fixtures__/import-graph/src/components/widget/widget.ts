export const widget = 1;
