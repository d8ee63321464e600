// OB Player's XML, as OB's remote.php writes it (../shared/spec/ob-player/PROTOCOL.md, 1.1): a root
// `<obconnect>`, every value element text, no attributes, UTF-8.

/** Any character xmlText changes (a schedule reply writes thousands of values, nearly all without one). */
// eslint-disable-next-line no-control-regex
const CHANGED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF&<>"']/;

/** An element's text: XML's five special characters escaped, and characters XML 1.0 forbids dropped. */
export function xmlText(value: string | number): string {
  if (typeof value === 'number') return String(value);
  if (!CHANGED.test(value)) return value;
  return value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** `<name>text</name>` for each field, in the order given. */
export function elements(fields: [string, string | number][]): string {
  return fields.map(([name, value]) => `<${name}>${xmlText(value)}</${name}>`).join('');
}

export const XML_DECLARATION = "<?xml version='1.0' standalone='yes'?>";

/** A whole reply: the declaration and `<obconnect>` around the body. */
export const obconnect = (body: string): string => `${XML_DECLARATION}\n<obconnect>${body}</obconnect>\n`;

/** OB's error reply (sent with HTTP 200). */
export const errorDocument = (message: string): string => obconnect(`<error>${xmlText(message)}</error>`);

/** Seconds as OB writes them: a plain decimal (never an exponent), at most three decimals. */
export function seconds(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return Number.isInteger(rounded) ? `${rounded}.0` : String(rounded);
}
