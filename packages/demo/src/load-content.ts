import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { renderSVG } from 'uqr';
import { DEMO_WECHAT_URL, demoArticles, demoContact } from './content.data.js';
import { ensurePictures, PICTURE_MIME, type PicturePurpose } from './pictures.js';

const DAY = 86_400_000;

export interface DemoArticleInput {
  title: string;
  summary: string;
  content: string;
  cover: string;
  published: true;
  publishedAt: number;
}

export interface DemoContactInput {
  phone: string;
  wechat: string;
  email: string;
  serviceHours: string;
  address: string;
  qrCode: string;
  notes: string;
  bankName: string;
  bankAccountName: string;
  bankAccountNo: string;
  bankNotes: string;
}

/** What the demo's notices, news and contact page need from the house (its content service). */
export interface DemoContentTarget {
  /** Whether the house has notices or news already (then the demo adds none). */
  hasContent(): Promise<boolean>;
  storePicture(picture: {
    purpose: PicturePurpose | 'content';
    mime: typeof PICTURE_MIME;
    body: Buffer;
  }): Promise<string>;
  createArticle(kind: 'notice' | 'news', article: DemoArticleInput): Promise<unknown>;
  saveContact(contact: DemoContactInput): Promise<unknown>;
  /** Whether the house's bank account for transfers is set (a demo loaded before it existed has none). */
  hasBankAccount(): Promise<boolean>;
  saveBankAccount(
    bank: Pick<DemoContactInput, 'bankName' | 'bankAccountName' | 'bankAccountNo' | 'bankNotes'>,
  ): Promise<unknown>;
}

/**
 * Writes the demo's notices, news and contact page into a house that has none yet (a house
 * whose demo was loaded before these existed gets them on its next start).
 */
export async function loadDemoContent(
  target: DemoContentTarget,
  opts: { now: number; picturesDir?: string },
): Promise<{ loaded: boolean; articles: number }> {
  if (await target.hasContent()) {
    if (!(await target.hasBankAccount())) {
      const { bankName, bankAccountName, bankAccountNo, bankNotes } = demoContact;
      await target.saveBankAccount({ bankName, bankAccountName, bankAccountNo, bankNotes });
    }
    return { loaded: false, articles: 0 };
  }
  const pictures = await ensurePictures({ dir: opts.picturesDir });
  const stored = new Map<string, string>();
  const picture = async (key: string) => {
    const known = stored.get(key);
    if (known) return known;
    const entry = pictures.manifest.pictures[key];
    if (!entry) throw new Error(`the demo pictures have no ${key}; render them again`);
    const body = await fs.readFile(path.join(pictures.dir, entry.file));
    const url = await target.storePicture({ purpose: entry.purpose, mime: PICTURE_MIME, body });
    stored.set(key, url);
    return url;
  };

  // oldest first, so ids follow the publishing order
  const articles = [...demoArticles].sort((a, b) => b.daysAgo - a.daysAgo);
  for (const a of articles) {
    let content = a.content;
    for (const [token, key] of [...a.content.matchAll(/\{picture:([a-z0-9-]+)\}/g)].map((m) => [m[0], m[1]!])) {
      content = content.replace(token!, await picture(key!));
    }
    await target.createArticle(a.kind, {
      title: a.title,
      summary: a.summary,
      content,
      cover: a.cover ? await picture(a.cover) : '',
      published: true,
      publishedAt: opts.now - a.daysAgo * DAY - 3 * 3_600_000,
    });
  }

  // drawn large and kept lossless: a blurred code does not scan
  const qrSvg = renderSVG(DEMO_WECHAT_URL, { border: 2 }).replace('<svg ', '<svg width="480" height="480" ');
  const qrBody = await sharp(Buffer.from(qrSvg)).webp({ lossless: true }).toBuffer();
  const qrCode = await target.storePicture({ purpose: 'content', mime: PICTURE_MIME, body: qrBody });
  await target.saveContact({ ...demoContact, qrCode });
  return { loaded: true, articles: articles.length };
}
