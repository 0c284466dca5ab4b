/**
 * Every repository path the user docs name must exist: README.md and docs/*.md are scanned for
 * inline code spans (`src/xml/xml-index.ts`, `npx vitest run src/xml`) and Markdown links
 * ([security.md](security.md#relay-limits-websocket)), outside fenced blocks.
 * - A span's word that starts with one of the repository's top-level folders must name a file or
 *   folder of the working tree (braces and `*` expanded).
 * - A span's word that names a source file without its folder (`lazy-view.ts`,
 *   `decode/xml-text.ts`) must be the end of some file's path in the tree.
 * - A relative link must name a file, and its `#anchor` a heading of that page.
 * The test fails naming each reference that does not resolve, with its file and line.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The repository's top-level folders: a word starting with one of these is a repository path. */
const TOP_FOLDERS = [
  'bench',
  'cli',
  'deploy',
  'docs',
  'e2e',
  'emulator',
  'fixtures',
  'public',
  'scripts',
  'server',
  'src',
];
const PATH_WORD = new RegExp(`^(?:\\./)?(?:${TOP_FOLDERS.join('|')})/`);

export interface DocReference {
  file: string;
  line: number;
  target: string;
  kind: 'code' | 'source-name' | 'link';
}

function docFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => join('docs', name));
  return ['README.md', ...docs];
}

/** Lines outside fenced code blocks (a tree drawn in a fence is a picture, not a reference). */
function proseLines(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let fenced = false;
  text.split('\n').forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return;
    }
    if (!fenced) out.push({ line: index + 1, text: line });
  });
  return out;
}

/** `a/{b,c}/d` → `a/b/d`, `a/c/d` (one level of braces is all the docs use). */
function expandBraces(path: string): string[] {
  const match = /\{([^{}]*)\}/.exec(path);
  if (!match) return [path];
  const [whole, inner = ''] = match;
  const head = path.slice(0, match.index);
  const tail = path.slice(match.index + whole.length);
  return inner.split(',').flatMap((part) => expandBraces(head + part + tail));
}

/** A source file named without its folder, or with only part of its folder. */
const SOURCE_NAME = /^[\w.-]+(?:\/[\w.-]+)*\.(?:ts|tsx|mts|mjs|css|md)$/;

/** What a code word names, without a trailing `:line`, `#anchor` or punctuation. */
function classifyWord(word: string): { target: string; kind: 'code' | 'source-name' } | null {
  const trimmed = word
    .replace(/^\.\//, '')
    .replace(/[),;:.]+$/, '')
    .replace(/#.*$/, '')
    .replace(/:\d+(?::\d+)?$/, '');
  // Placeholders (`e2e/<spec>.spec.ts`) and variables name no one file.
  if (/[<>$]/.test(trimmed)) return null;
  if (PATH_WORD.test(trimmed)) return { target: trimmed, kind: 'code' };
  if (SOURCE_NAME.test(trimmed)) return { target: trimmed, kind: 'source-name' };
  return null;
}

export function referencesIn(file: string, text: string): DocReference[] {
  const refs: DocReference[] = [];
  for (const { line, text: lineText } of proseLines(text)) {
    for (const span of lineText.matchAll(/`([^`]+)`/g)) {
      for (const word of (span[1] ?? '').split(/[\s=]+/)) {
        const named = classifyWord(word);
        if (named) refs.push({ file, line, ...named });
      }
    }
    const withoutCode = lineText.replace(/`[^`]*`/g, '');
    for (const link of withoutCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = link[1] ?? '';
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
      refs.push({ file, line, target, kind: 'link' });
    }
  }
  return refs;
}

function globToRegExp(glob: string): RegExp {
  const source = glob
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
  return new RegExp(`^${source}$`);
}

/** Folders of the working tree that hold no source: dependencies, build and test output. */
const NOT_SOURCE = /^(?:node_modules|test-results|playwright-report|dist.*|\..*)$/;

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    if (NOT_SOURCE.test(entry.name)) continue;
    const path = dir ? join(dir, entry.name) : entry.name;
    out.push(path);
    if (entry.isDirectory()) out.push(...filesUnder(path));
  }
  return out;
}

function repositoryPathExists(path: string): boolean {
  return expandBraces(path).every((one) => {
    if (!one.includes('*')) return existsSync(join(ROOT, one));
    const fixed = one.slice(0, one.indexOf('*'));
    const base = fixed.slice(0, fixed.lastIndexOf('/'));
    if (!existsSync(join(ROOT, base)) || !statSync(join(ROOT, base)).isDirectory()) return false;
    const pattern = globToRegExp(one.replace(/\/$/, ''));
    return filesUnder(base).some((candidate) => pattern.test(candidate));
  });
}

let allFiles: string[] | null = null;

/** Whether some file's path in the tree ends with `name` (`lazy-view.ts`, `decode/xml-text.ts`). */
function sourceNameExists(name: string): boolean {
  allFiles ??= filesUnder('');
  return allFiles.some((path) => path === name || path.endsWith(`/${name}`));
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdownFile: string): Set<string> {
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(readFileSync(markdownFile, 'utf8'))) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (!heading) continue;
    const slug = headingSlug(heading[1] ?? '');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    slugs.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return slugs;
}

/** Why a reference does not resolve, or null when it does. */
export function problemWith(ref: DocReference): string | null {
  if (ref.kind === 'code') {
    return repositoryPathExists(ref.target) ? null : 'no such file or folder';
  }
  if (ref.kind === 'source-name') {
    return sourceNameExists(ref.target) ? null : 'no file of that name';
  }
  const [pathPart, anchor] = ref.target.split('#', 2);
  const targetFile = pathPart
    ? resolve(ROOT, dirname(ref.file), decodeURIComponent(pathPart))
    : join(ROOT, ref.file);
  if (!targetFile.startsWith(ROOT) || !existsSync(targetFile)) return 'no such file or folder';
  if (anchor && targetFile.endsWith('.md') && !anchorsOf(targetFile).has(anchor)) {
    return `no heading #${anchor} in ${relative(ROOT, targetFile)}`;
  }
  return null;
}

describe('references in README.md and docs/*.md', () => {
  it('reads code spans and links, and resolves braces and globs', () => {
    const refs = referencesIn(
      'docs/x.md',
      [
        'See `src/xml/{xml-index,analyze-xml}.ts:12`, `npx vitest run src/xml`, `lazy-view.ts` and',
        '[the proxy](performance.md#performance), [web](https://example.com).',
        '```',
        'src/not-checked-inside-a-fence/',
        '```',
      ].join('\n'),
    );
    expect(refs.map((ref) => `${ref.kind} ${ref.target}`)).toEqual([
      'code src/xml/{xml-index,analyze-xml}.ts',
      'code src/xml',
      'source-name lazy-view.ts',
      'link performance.md#performance',
    ]);
    expect(refs.map(problemWith)).toEqual([null, null, null, null]);
  });

  it('names a missing file, a missing folder and a missing heading', () => {
    const problems = [
      { file: 'docs/x.md', line: 1, target: 'src/lib/redact-text.ts', kind: 'code' as const },
      { file: 'docs/x.md', line: 1, target: 'src/xml/{xml-index,nope}.ts', kind: 'code' as const },
      { file: 'docs/x.md', line: 1, target: 'core/xml-index.ts', kind: 'source-name' as const },
      { file: 'docs/x.md', line: 1, target: 'nope.md', kind: 'link' as const },
      { file: 'docs/x.md', line: 1, target: 'performance.md#nope', kind: 'link' as const },
    ].map(problemWith);
    expect(problems).toEqual([
      'no such file or folder',
      'no such file or folder',
      'no file of that name',
      'no such file or folder',
      'no heading #nope in docs/performance.md',
    ]);
    expect(headingSlug('XPath: the viewer’s index as a DOM, not a second parse')).toBe(
      'xpath-the-viewers-index-as-a-dom-not-a-second-parse',
    );
  });

  it('every path and link in README.md and docs/*.md exists', () => {
    const broken = docFiles().flatMap((file) =>
      referencesIn(file, readFileSync(join(ROOT, file), 'utf8')).flatMap((ref) => {
        const problem = problemWith(ref);
        return problem ? [`${ref.file}:${ref.line}: ${ref.target} (${problem})`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });
});
