import { widget } from '../components/widget/widget.ts';

export const engine = widget;
