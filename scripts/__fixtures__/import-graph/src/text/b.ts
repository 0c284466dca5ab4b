import { a } from './a.ts';

export const b = (): number => a();
