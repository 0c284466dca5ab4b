export const gadget = 1;
