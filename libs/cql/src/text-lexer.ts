// The tokens of CQL2 text and ECQL: numbers, 'strings' ('' or \' escape a quote), identifiers
// (bare, or "double quoted" with "" escaping a quote), ECQL's bare date-times (2006-11-30T01:30:00Z)
// and durations (P1D), punctuation and operators. Keywords are identifiers read by the parser in
// context, so a column may be called `date` or `point`.
import { CqlError } from './cql-error';

export type TokenType = 'number' | 'string' | 'ident' | 'quoted' | 'datetime' | 'duration' | 'punct' | 'eof';

export interface Token {
  type: TokenType;
  /** The source text of the token. */
  text: string;
  /** The value: a string's content, an identifier's name, a number's text. */
  value: string;
  /** 1-based character offset. */
  pos: number;
}

/** Longest operators first. */
const PUNCTUATION = ['<>', '<=', '>=', '!=', '(', ')', ',', '=', '<', '>', '+', '-', '*', '/', '%', '^', '[', ']'];
const NUMBER = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const DATETIME = /\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?/y;
const DURATION = /P(?:\d+Y)?(?:\d+M)?(?:\d+W)?(?:\d+D)?(?:T(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d+)?S)?)?(?![\p{L}\p{N}_])/uy;
const IDENT = /[\p{L}_:][\p{L}\p{N}\p{Mn}\p{Mc}_.:-]*/uy;
const SPACE = /\s+/y;

export function tokenize(text: string): Token[] {
  // PostgreSQL's text cannot hold NUL: refuse it here, with its place, rather than fail in the database.
  const nul = text.indexOf('\u0000');
  if (nul >= 0) throw new CqlError('NUL character', nul + 1, '\\u0000');
  const tokens: Token[] = [];
  let i = 0;
  const at = (re: RegExp): string | null => {
    re.lastIndex = i;
    const m = re.exec(text);
    return m ? m[0] : null;
  };
  while (i < text.length) {
    const space = at(SPACE);
    if (space) {
      i += space.length;
      continue;
    }
    const c = text[i];
    const pos = i + 1;
    if (c === "'") {
      let value = '';
      let j = i + 1;
      for (;;) {
        if (j >= text.length) throw new CqlError('Unterminated string', pos, text.slice(i, i + 20));
        const d = text[j];
        if (d === "'" && text[j + 1] === "'") {
          value += "'";
          j += 2;
        } else if (d === '\\' && text[j + 1] === "'") {
          value += "'";
          j += 2;
        } else if (d === "'") break;
        else value += text[j++];
      }
      tokens.push({ type: 'string', text: text.slice(i, j + 1), value, pos });
      i = j + 1;
      continue;
    }
    if (c === '"') {
      let value = '';
      let j = i + 1;
      for (;;) {
        if (j >= text.length) throw new CqlError('Unterminated quoted identifier', pos, text.slice(i, i + 20));
        const d = text[j];
        if (d === '"' && text[j + 1] === '"') {
          value += '"';
          j += 2;
        } else if (d === '"') break;
        else value += text[j++];
      }
      if (!value) throw new CqlError('Empty quoted identifier', pos, '""');
      tokens.push({ type: 'quoted', text: text.slice(i, j + 1), value, pos });
      i = j + 1;
      continue;
    }
    if (c >= '0' && c <= '9') {
      const dt = at(DATETIME);
      if (dt) {
        tokens.push({ type: 'datetime', text: dt, value: dt, pos });
        i += dt.length;
        continue;
      }
    }
    if ((c >= '0' && c <= '9') || (c === '.' && /\d/.test(text[i + 1] ?? ''))) {
      const n = at(NUMBER)!;
      tokens.push({ type: 'number', text: n, value: n, pos });
      i += n.length;
      continue;
    }
    if (c === 'P') {
      const d = at(DURATION);
      if (d && d.length > 1 && /\d/.test(d)) {
        tokens.push({ type: 'duration', text: d, value: d, pos });
        i += d.length;
        continue;
      }
    }
    const ident = at(IDENT);
    if (ident) {
      // A trailing '-' belongs to an operator (a-1), not to the name; ECQL's DOES-NOT-EXIST keeps its dashes.
      const name = /^DOES-NOT-EXIST$/i.test(ident) ? ident : ident.replace(/-.*$/, '');
      tokens.push({ type: 'ident', text: name, value: name, pos });
      i += name.length;
      continue;
    }
    const punct = PUNCTUATION.find((p) => text.startsWith(p, i));
    if (punct) {
      tokens.push({ type: 'punct', text: punct, value: punct === '!=' ? '<>' : punct, pos });
      i += punct.length;
      continue;
    }
    throw new CqlError('Unexpected character', pos, String.fromCodePoint(text.codePointAt(i)!));
  }
  tokens.push({ type: 'eof', text: '', value: '', pos: text.length + 1 });
  return tokens;
}
