import { gadget } from '../../gadgets/gadget.ts';

export const widget2 = gadget;
