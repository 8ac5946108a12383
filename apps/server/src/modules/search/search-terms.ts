import { eraParents, eras, generic, lexicon, traditionalPairs } from './lexicon.js';

/**
 * Search by terms (issue 18): a text becomes the words a collector would type. The
 * lexicon's words are found whole, longest first, and folded to one spelling (青花瓷 →
 * 青花, 瓷碗 → 碗, 琺瑯彩 → 珐琅彩); what the lexicon does not know is split by ICU's
 * word segmenter. An item also keeps every Chinese character of its text, so a query
 * word the lexicon does not know matches by its characters (鱼藻 finds 鱼藻纹), and one
 * character still finds what contains it. An item's title terms are kept a second time,
 * tagged `t:`, so that a match in the title ranks above one in the era or the material.
 */

const fold = new Map<string, string>();
for (let i = 0; i + 1 < traditionalPairs.length; i += 2) fold.set(traditionalPairs[i]!, traditionalPairs[i + 1]!);

/** Full-width to half-width (NFKC), lower case, traditional characters to simplified. */
export function normalise(text: string): string {
  return [...text.normalize('NFKC').toLowerCase()].map((c) => fold.get(c) ?? c).join('');
}

/** Every spelling (normalised) → its canonical term; generic words → ''. */
const dictionary = new Map<string, string>();
for (const [canonical, ...spellings] of lexicon) {
  for (const s of [canonical, ...spellings]) dictionary.set(normalise(s), canonical);
}
for (const g of generic) dictionary.set(normalise(g), '');
const longest = Math.max(...[...dictionary.keys()].map((k) => [...k].length));

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const HAN = /\p{Script=Han}/u;
const WORDISH = /[\p{L}\p{N}]/u;

export const TITLE_TAG = 't:';
/** An era the piece is dated to (its era field, or a dynasty or reign in its title), with its dynasty. */
export const ERA_TAG = 'e:';
const eraNames = new Set(eras.map(([canonical]) => canonical));

interface Segmented {
  /** Canonical lexicon terms, in order, generic words left out. */
  known: string[];
  /** Words the lexicon does not know (ICU's words, letters and digits kept whole). */
  unknown: string[];
  /** The same, in runs of words written side by side (broken by a lexicon word, a space, a sign). */
  runs: string[][];
  /** Whether a generic word was dropped. */
  dropped: boolean;
}

/** Longest-match over the lexicon; the runs between its words go to ICU. */
function segment(text: string): Segmented {
  const chars = [...normalise(text)];
  const out: Segmented = { known: [], unknown: [], runs: [], dropped: false };
  let rest = '';
  const flush = () => {
    if (!rest) return;
    let run: string[] = [];
    for (const s of segmenter.segment(rest)) {
      if (s.isWordLike && WORDISH.test(s.segment)) {
        out.unknown.push(s.segment);
        run.push(s.segment);
      } else if (run.length > 0) {
        out.runs.push(run);
        run = [];
      }
    }
    if (run.length > 0) out.runs.push(run);
    rest = '';
  };
  for (let i = 0; i < chars.length;) {
    let matched = 0;
    let term = '';
    if (HAN.test(chars[i]!)) {
      for (let n = Math.min(longest, chars.length - i); n >= 1; n--) {
        const found = dictionary.get(chars.slice(i, i + n).join(''));
        if (found !== undefined) {
          matched = n;
          term = found;
          break;
        }
      }
    }
    if (matched === 0) {
      rest += chars[i];
      i += 1;
      continue;
    }
    flush();
    if (term) out.known.push(term);
    else out.dropped = true;
    i += matched;
  }
  flush();
  return out;
}

const hanChars = (text: string) => [...normalise(text)].filter((c) => HAN.test(c));

/** Every pair of adjacent Chinese characters of a text (within a run of them). */
function hanPairs(text: string): string[] {
  const pairs: string[] = [];
  for (const run of normalise(text).match(/\p{Script=Han}+/gu) ?? []) {
    const chars = [...run];
    for (let i = 0; i + 1 < chars.length; i++) pairs.push(chars[i]! + chars[i + 1]!);
  }
  return pairs;
}

/**
 * The terms a text is found by: lexicon terms, ICU's words, every Chinese character and
 * every pair of adjacent ones (so that a word the lexicon does not know is found where it
 * is written whole, and not where its characters are apart).
 */
export function termsOf(text: string): string[] {
  const { known, unknown } = segment(text);
  return [...new Set([...known, ...unknown, ...hanChars(text), ...hanPairs(text)])];
}

/**
 * What a query's words unknown to the lexicon need: a Chinese word its adjacent pairs (ICU's
 * single characters side by side taken as one word: 高笔 is not 高…笔), one character
 * itself, letters and digits whole.
 */
function unknownTerms(words: string[]): string[] {
  const out: string[] = [];
  let run = '';
  const flush = () => {
    if ([...run].length === 1) out.push(run);
    else out.push(...hanPairs(run));
    run = '';
  };
  for (const w of words) {
    if (!HAN.test(w)) {
      flush();
      out.push(w);
    } else if ([...w].length === 1) {
      run += w;
    } else {
      flush();
      out.push(...hanPairs(w));
    }
  }
  flush();
  return out.filter(Boolean);
}

/**
 * What a product or a lot is stored with (`search_terms`): the terms of its title, era,
 * material and department, and its title's terms again tagged for ranking.
 */
export function itemTerms(p: { title: string; era?: string; material?: string; department?: string }): string[] {
  const title = termsOf(p.title);
  const rest = [p.era, p.material, p.department].flatMap((t) => (t ? termsOf(t) : []));
  const dated = [...segment(p.era ?? '').known, ...segment(p.title).known].filter((t) => eraNames.has(t));
  const eraTags = dated.flatMap((t) => [t, ...(eraParents[t] ? [eraParents[t]] : [])]).map((t) => ERA_TAG + t);
  return [...new Set([...title, ...rest, ...title.map((t) => TITLE_TAG + t), ...eraTags])];
}

/** `itemTerms`, or one empty term when a text yields none, so that the backfill never takes the row again. */
export function storedTerms(p: { title: string; era?: string; material?: string; department?: string }): string[] {
  const terms = itemTerms(p);
  return terms.length > 0 ? terms : [''];
}

/**
 * The terms a query needs, all of them present: its lexicon terms, and for the words the
 * lexicon does not know their pairs of characters (one character alone, letters and
 * digits whole). Generic words are
 * dropped, unless nothing else is left (瓷 alone still searches 瓷). At most 12 terms.
 */
export function queryTerms(keyword: string): string[] {
  const { known, runs } = segment(keyword);
  const terms = [...known, ...runs.flatMap(unknownTerms)];
  if (terms.length === 0) terms.push(...hanChars(keyword));
  return [...new Set(terms)].slice(0, 12);
}

/** A text's meaningful words: lexicon terms and ICU's Chinese words (no single characters, no catalogue numbers). */
function meaningfulWords(text: string): string[] {
  const { known, unknown } = segment(text);
  return [...known, ...unknown.filter((w) => HAN.test(w) && [...w].length > 1)];
}

/**
 * What comparables are found by: the words of an item's title (a piece like it shares at
 * least one) and of its era and material (which only add to the likeness).
 */
export function similarityTerms(p: { title: string; era?: string; material?: string }) {
  const title = [...new Set(meaningfulWords(p.title))].slice(0, 12);
  const rest = [...new Set([p.era ?? '', p.material ?? ''].flatMap(meaningfulWords))].filter((w) => !title.includes(w));
  return { title, rest: rest.slice(0, 6) };
}

/**
 * What the era filter needs (清代 → e:清, 康熙 → e:康熙): the tags of the lexicon's eras it
 * names; an era the lexicon does not know is looked for as the item's terms.
 */
export function eraFilterTerms(era: string): string[] {
  const known = segment(era).known.filter((t) => eraNames.has(t));
  return known.length > 0 ? known.map((t) => ERA_TAG + t) : queryTerms(era);
}
