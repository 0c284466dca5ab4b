/**
 * An xsd:boolean's value (whitespace around it collapsed, as the schema type does), or null when
 * the text is none of true, false, 1, 0.
 *
 * @example xsdBoolean(' 1 ') // true
 */
export function xsdBoolean(text: string): boolean | null {
  const value = text.trim();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return null;
}
