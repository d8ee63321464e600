// Which uploads the station accepts: a detected format must be among the formats of its type.

/** Why a file of `type` and `format` is refused (the reason the upload route shows), or null when accepted. */
export function formatRefusal(formats: Record<string, string[]>, type: string, format: string): string | null {
  const accepted = formats[`${type}_formats`] ?? [];
  if (accepted.includes(format)) return null;
  return `${format} is not an accepted ${type} format (accepted: ${accepted.join(', ') || 'none'})`;
}
