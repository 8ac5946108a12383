/** An id from the address (`?id=12`): a whole number from 1, else undefined. */
export function positiveId(raw: string | undefined): number | undefined {
  const text = raw?.trim() ?? '';
  if (!/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : undefined;
}
