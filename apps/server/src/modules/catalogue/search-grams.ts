/**
 * Keyword search without a scan, whatever the database's locale: every character and
 * every pair of adjacent characters of the searchable text, kept in a GIN-indexed array.
 * A query's grams must all be present (`@>`), then a substring check removes the rare
 * false positives.
 */
function normalise(text: string): string[] {
  return [...text.toLowerCase().replace(/\s+/g, ' ').trim()];
}

export function gramsOf(text: string): string[] {
  const chars = normalise(text).filter((c) => c !== ' ');
  const grams = new Set<string>(chars);
  for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i]! + chars[i + 1]!);
  return [...grams];
}

export function searchGramsOf(title: string, era: string, material: string): string[] {
  return [...new Set([...gramsOf(title), ...gramsOf(era), ...gramsOf(material)])];
}

/** The words of a keyword (split on spaces), each to be found somewhere. */
export function keywordWords(keyword: string): string[] {
  return keyword.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
}

/** The grams the words need: each word's pairs, or its one character. */
export function queryGramsOf(keyword: string): string[] {
  const grams = new Set<string>();
  for (const word of keywordWords(keyword)) {
    const chars = [...word];
    if (chars.length === 1) grams.add(chars[0]!);
    for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i]! + chars[i + 1]!);
  }
  return [...grams];
}
