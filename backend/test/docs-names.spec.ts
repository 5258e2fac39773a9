/**
 * The docs quote the code by name, so a rename that leaves them behind fails here. Every
 * `backticked` name in docs/building-a-module.md, docs/architecture.md and the README's layout
 * section, and every identifier in their ```ts blocks, must still be true of the repository:
 *
 * - a path (`backend/ledger/index.ts`, `backend/commands/<module>/`, `lib/api.ts`) exists, from the
 *   repository's root or one of the source roots; a bare file name exists somewhere;
 * - a route (`GET /api/health`) is a route contract's path; `npm run x` is a script;
 * - a code name (`spendFromWallet`, `ports.jobs.enqueue(…)`, `<module>Commands`) occurs in the
 *   code of some source file (comments do not count; the `<…>` placeholder stands for any word).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const DOCS: { file: string; section?: string }[] = [
  { file: 'docs/building-a-module.md' },
  { file: 'docs/architecture.md' },
  { file: 'README.md', section: '## Layout' },
];
/** Where a path the docs write short is looked for (`kernel/module.ts`, `lib/api.ts`). */
const PATH_BASES = ['', 'backend/', 'frontend/src/', 'contracts/src/', 'docs/'];
// .stryker-tmp: a mutation run's sandbox, a copy of the code (and of this spec) while it runs
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', '.git', '.stryker-tmp']);
const SOURCE = /\.(ts|tsx|mjs|cjs|js)$/;
const KEYWORDS = new Set([
  'true',
  'false',
  'null',
  'undefined',
  'await',
  'async',
  'new',
  'typeof',
  'const',
  'return',
  'export',
  'function',
  'import',
  'from',
  'type',
  'satisfies',
  'of',
  'if',
  'for',
  'in',
  'let',
]);

/** Every file of the repository (relative, with `/`), dependencies and build output left out. */
function walk(dir = ''): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) ? [] : walk(relative);
    return [relative];
  });
}

/** The code of a source file without its comments (strings are kept: a name in a string literal counts). */
export function withoutComments(source: string): string {
  let out = '';
  let i = 0;
  /** open template literals, each with the depth of `${` braces inside it */
  const templates: number[] = [];
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    const inTemplate = templates.length > 0 && templates[templates.length - 1] === 0;
    if (inTemplate) {
      if (c === '\\') {
        out += c + (next ?? '');
        i += 2;
      } else if (c === '`') {
        templates.pop();
        out += c;
        i += 1;
      } else if (c === '$' && next === '{') {
        templates[templates.length - 1] = 1;
        out += '${';
        i += 2;
      } else {
        out += c;
        i += 1;
      }
      continue;
    }
    if (c === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') i += 1;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 2;
      out += ' ';
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < source.length && source[j] !== c && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j + 1;
    } else if (c === '`') {
      templates.push(0);
      out += c;
      i += 1;
    } else {
      if (templates.length > 0 && c === '{') templates[templates.length - 1]! += 1;
      if (templates.length > 0 && c === '}') templates[templates.length - 1]! -= 1;
      out += c;
      i += 1;
    }
  }
  return out;
}

const files = walk();
const fileSet = new Set(files);
const dirSet = new Set(
  files.flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, n, parts) => parts.slice(0, n + 1).join('/')),
  ),
);
const basenames = new Set(files.map((file) => path.posix.basename(file)));
const self = path.relative(root, __filename).split(path.sep).join('/');
const tokens = new Set<string>();
const manifests = files.filter((file) => path.posix.basename(file) === 'package.json');
for (const file of files) {
  if (
    !(SOURCE.test(file) || manifests.includes(file)) ||
    file === self ||
    statSync(path.join(root, file)).size > 2_000_000
  )
    continue;
  for (const token of withoutComments(readFileSync(path.join(root, file), 'utf8')).match(/[A-Za-z_$][\w$]*/g) ?? [])
    tokens.add(token);
}
const scripts = Object.keys(
  (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts,
);
const eslintConfig = readFileSync(path.join(root, 'eslint.config.mjs'), 'utf8');
const routePaths = new Set(
  files
    .filter((file) => file.startsWith('contracts/src/api/') && file.endsWith('.ts'))
    .flatMap((file) =>
      [...readFileSync(path.join(root, file), 'utf8').matchAll(/path: '(\/api\/[^']*)'/g)].map((match) =>
        match[1]!.replace(/\{\w+\}/g, '{}'),
      ),
    ),
);

const escape = (text: string) => text.replace(/[.+?^$()|[\]\\]/g, '\\$&');
/** A name with `<placeholder>`s as a regular expression: each placeholder is any word. */
const templateOf = (name: string) =>
  new RegExp(
    `^${name
      .split(/<[^>]+>/)
      .map(escape)
      .join('\\w+')}$`,
  );

/** Is this code name in the code? A `<placeholder>` matches any word. */
function nameExists(name: string): boolean {
  if (KEYWORDS.has(name)) return true;
  if (!name.includes('<')) return tokens.has(name);
  const pattern = templateOf(name);
  for (const token of tokens) if (pattern.test(token)) return true;
  return false;
}

/** `a/{b,c}/d` → `a/b/d`, `a/c/d` */
function expandBraces(text: string): string[] {
  const match = /\{([^{}]*,[^{}]*)\}/.exec(text);
  if (!match) return [text];
  return match[1]!
    .split(',')
    .flatMap((part) => expandBraces(text.slice(0, match.index) + part + text.slice(match.index + match[0].length)));
}

/** Does a path exist, from the root or a source root? `<placeholder>` and `*` match within a segment. */
function pathExists(written: string): boolean {
  const cleaned = written.replace(/\(x\)$/, '');
  return expandBraces(cleaned).every((candidate) => {
    const isDir = candidate.endsWith('/');
    const trimmed = candidate.replace(/\/$/, '');
    if (!trimmed.includes('/')) {
      if (!/[<*]/.test(trimmed))
        return isDir ? PATH_BASES.some((base) => dirSet.has(base + trimmed)) : basenames.has(trimmed);
      const pattern = new RegExp(
        `^${trimmed
          .split(/<[^>]+>|\*/)
          .map(escape)
          .join('[^/]*')}$`,
      );
      return [...(isDir ? dirSet : basenames)].some((name) => pattern.test(path.posix.basename(name)));
    }
    return PATH_BASES.some((base) => {
      const full = base + trimmed;
      if (!/[<*]/.test(full)) return isDir ? dirSet.has(full) : fileSet.has(full) || dirSet.has(full);
      const pattern = new RegExp(
        `^${full
          .split(/<[^>]+>|\*/)
          .map(escape)
          .join('[^/]*')}$`,
      );
      return [...(isDir ? dirSet : new Set([...fileSet, ...dirSet]))].some((name) => pattern.test(name));
    });
  });
}

const IDENTIFIER = /^[A-Za-z_$<][\w$<>]*$/;
const CHAIN = /^(?:await\s+)?((?:[A-Za-z_$<][\w$<>]*)(?:\.[A-Za-z_$][\w$]*)*)(\(.*\))?$/s;
const PATHLIKE = /^[\w.@<>*{},/()-]+$/;

/** What is wrong with one backticked span, or null. */
export function checkSpan(span: string): string | null {
  const text = span.replace(/…/g, '').trim();
  if (text === '' || /^\.[\w.]+$/.test(text)) return null;
  const npm = /^npm (?:run )?([\w:-]+)/.exec(text);
  if (npm) return scripts.includes(npm[1]!) ? null : `no npm script "${npm[1]}"`;
  const route = /^(?:(?:GET|POST|PUT|PATCH|DELETE) )?(\/api\/[^\s?]*)/.exec(text);
  if (route) {
    const written = route[1]!.replace(/\{\w+\}/g, '{}');
    const known =
      routePaths.has(written) || (written.endsWith('/') && [...routePaths].some((known) => known.startsWith(written)));
    return known ? null : `no route contract with the path ${route[1]}`;
  }
  if (PATHLIKE.test(text) && (text.includes('/') || /\.(ts|tsx|md|mjs|js|json|ya?ml)(\(x\))?$/.test(text))) {
    return pathExists(text) || eslintConfig.includes(`'${text}'`) ? null : `no such path`;
  }
  const chain = CHAIN.exec(text);
  if (chain && (IDENTIFIER.test(text) || chain[1]!.includes('.') || chain[2] !== undefined)) {
    const missing = chain[1]!.split('.').filter((part) => !nameExists(part));
    const calls = chain[2] ? codeNames(chain[2]) : [];
    return missing.length + calls.length === 0 ? null : `not in the code: ${[...missing, ...calls].join(', ')}`;
  }
  const missing = codeNames(text);
  return missing.length === 0 ? null : `not in the code: ${missing.join(', ')}`;
}

/**
 * The code names of a snippet that are not in the code: in a span of other text, the names called
 * and the names written as code (camelCase, PascalCase, SCREAMING_CASE, dotted); in a ```ts block,
 * every identifier. String literals and `<placeholders>` are not names.
 */
function codeNames(snippet: string, every = false): string[] {
  const code = snippet
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'[^'\n]*'|"[^"\n]*"|`[^`\n]*`/g, ' ')
    .replace(/\/\/[^\n]*/g, ' ');
  const found = every
    ? (code.replace(/<[^>\s]+>\w*/g, ' ').match(/[A-Za-z_$][\w$]*/g) ?? [])
    : [
        ...[...code.matchAll(/([A-Za-z_$<][\w$<>]*)\s*\(/g)].map((match) => match[1]!),
        ...[
          ...code.matchAll(
            /(?:^|[^\w$<.])((?:[a-z][a-z0-9]*[A-Z]|[A-Z][a-z0-9]+[A-Z]|[A-Z][A-Z0-9]*_[A-Z0-9_]*)[\w$]*)/g,
          ),
        ].map((match) => match[1]!),
        ...[...code.matchAll(/\b([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+)\b/g)].flatMap((match) =>
          match[1]!.split('.'),
        ),
      ];
  return [...new Set(found)].filter((name) => !nameExists(name));
}

interface Quote {
  doc: string;
  line: number;
  text: string;
  problem: string | null;
}

/** Every quote of a document (or of one of its sections) with what is wrong with it. */
export function quotesOf(doc: { file: string; section?: string }): Quote[] {
  let markdown = readFileSync(path.join(root, doc.file), 'utf8');
  let offset = 0;
  if (doc.section) {
    const start = markdown.indexOf(`\n${doc.section}\n`);
    if (start < 0) throw new Error(`${doc.file} has no section ${doc.section}`);
    const end = markdown.indexOf('\n## ', start + doc.section.length + 2);
    offset = markdown.slice(0, start).split('\n').length;
    markdown = markdown.slice(start, end < 0 ? undefined : end);
  }
  const quotes: Quote[] = [];
  const lineAt = (index: number) => offset + markdown.slice(0, index).split('\n').length;
  const fenced = /^[ \t]*```(\w*)\n([\s\S]*?)^[ \t]*```$/gm;
  for (const block of markdown.matchAll(fenced)) {
    if (block[1] !== 'ts') continue;
    const missing = codeNames(block[2]!, true);
    quotes.push({
      doc: doc.file,
      line: lineAt(block.index),
      text: '```ts block',
      problem: missing.length > 0 ? `not in the code: ${missing.join(', ')}` : null,
    });
  }
  const prose = markdown.replace(fenced, (block) => block.replace(/[^\n]/g, ' '));
  // a span may wrap onto the next line, as Markdown allows
  for (const match of prose.matchAll(/`([^`]+)`/g)) {
    const text = match[1]!.replace(/\s*\n\s*/g, ' ');
    quotes.push({ doc: doc.file, line: lineAt(match.index), text, problem: checkSpan(text) });
  }
  return quotes;
}

describe('the code names the docs quote', () => {
  it.each(DOCS.map((doc) => [doc.section ? `${doc.file} (${doc.section})` : doc.file, doc] as const))(
    'all exist: %s',
    (_name, doc) => {
      const quotes = quotesOf(doc);
      expect(quotes.length).toBeGreaterThan(doc.section ? 3 : 20);
      expect(
        quotes
          .filter((quote) => quote.problem !== null)
          .map((quote) => `${quote.doc}:${quote.line} \`${quote.text}\`: ${quote.problem}`),
      ).toEqual([]);
    },
  );

  it('fails on a name, a path, a route or a script that does not exist', () => {
    expect(checkSpan('spendFromWallet')).toBeNull();
    expect(checkSpan('spendFromWalet')).toMatch(/not in the code/);
    expect(checkSpan('ports.jobs.enqueue(name, payload, options)')).toBeNull();
    expect(checkSpan('ports.jobs.enqueueLater(name)')).toMatch(/enqueueLater/);
    expect(checkSpan('<module>Commands(ports, deps)')).toBeNull();
    expect(checkSpan('<module>Commandz(ports, deps)')).toMatch(/not in the code/);
    expect(checkSpan('backend/ledger/index.ts')).toBeNull();
    expect(checkSpan('backend/modules/<module>/')).toBe('no such path');
    expect(checkSpan('kernel/module.ts')).toBeNull();
    expect(checkSpan('backend/entry/modules.ts')).toBe('no such path');
    expect(checkSpan('GET /api/sessions/{id}')).toBeNull();
    expect(checkSpan('GET /api/sessionz/{id}')).toMatch(/no route contract/);
    expect(checkSpan('npm run ledger:audit')).toBeNull();
    expect(checkSpan('npm run ledger:audits')).toMatch(/no npm script/);
    expect(checkSpan('{ jobId, delayMs }')).toBeNull();
    expect(checkSpan('{ jobId, delayMillis }')).toMatch(/delayMillis/);
  });

  it('does not count a name that survives only in a comment', () => {
    expect(withoutComments("const a = 1; // spendFromWallet\n/* decideSpend */ const b = '// kept';")).toBe(
      "const a = 1; \n  const b = '// kept';",
    );
  });
});

/** The members an interface of `backend/kernel/module.ts` declares (and those of the interface it extends). */
function membersOf(source: string, name: string): string[] {
  const block = new RegExp(`interface ${name}(?: extends (\\w+))? \\{([\\s\\S]*?)\\n\\}`).exec(source);
  if (!block) throw new Error(`no interface ${name} in backend/kernel/module.ts`);
  const own = [...block[2]!.matchAll(/^ {2}(\w+)\??[(:]/gm)].map((match) => match[1]!);
  return block[1] ? [...membersOf(source, block[1]), ...own] : own;
}

/** The paragraph of building-a-module.md that opens with **`name`**. */
function paragraphOf(markdown: string, name: string): string {
  const start = markdown.indexOf(`**\`${name}\`**`);
  if (start < 0) throw new Error(`building-a-module.md has no paragraph on ${name}`);
  return markdown.slice(start, markdown.indexOf('\n\n', start));
}

describe('the docs list the whole of what they list', () => {
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

  it("architecture.md's module list names every module folder, and only those", () => {
    const listed = /A module is up to one folder on each side \(([^)]*)\)/.exec(read('docs/architecture.md'));
    const modules = new Set(
      ['commands', 'projections', 'workers'].flatMap((side) =>
        readdirSync(path.join(root, 'backend', side), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => entry.name),
      ),
    );
    expect(listed).not.toBeNull();
    expect(listed![1]!.match(/`[^`]+`/g)!.map((name) => name.slice(1, -1))).toEqual([...modules].sort());
  });

  it.each(['CommandSide', 'ReadSide', 'WorkerSide', 'ModulePorts'])(
    'building-a-module.md names every member of %s',
    (name) => {
      const paragraph = paragraphOf(read('docs/building-a-module.md'), name);
      const missing = membersOf(read('backend/kernel/module.ts'), name).filter(
        (member) => !new RegExp(`\`${member}[(\`]`).test(paragraph),
      );
      expect(missing).toEqual([]);
    },
  );
});
