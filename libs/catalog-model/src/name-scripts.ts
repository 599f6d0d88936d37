// Unicode TR39 §5.2 "highly restrictive" script mixing, for the name rule. Scripts are told
// apart with the regex property `\p{Script_Extensions=…}` so that the tables stay those of the
// JavaScript engine and nothing is copied from the Unicode data files.

// Every script of Unicode 17 by its ISO 15924 code. Codes an older engine does not know are
// skipped when the patterns are built, so a browser with older Unicode data still works.
const SCRIPT_CODES =
  'Adlm Aghb Ahom Arab Armi Armn Avst Bali Bamu Bass Batk Beng Berf Bhks Bopo Brah Brai Bugi Buhd Cakm Cans Cari Cham Cher Chrs Copt Cpmn Cprt Cyrl Deva Diak Dogr Dsrt Dupl Egyp Elba Elym Ethi Gara Geor Glag Gong Gonm Goth Gran Grek Gujr Gukh Guru Hang Hani Hano Hatr Hebr Hira Hluw Hmng Hmnp Hung Ital Java Kali Kana Kawi Khar Khmr Khoj Kits Knda Krai Kthi Lana Laoo Latn Lepc Limb Lina Linb Lisu Lyci Lydi Mahj Maka Mand Mani Marc Medf Mend Merc Mero Mlym Modi Mong Mroo Mtei Mult Mymr Nagm Nand Narb Nbat Newa Nkoo Nshu Ogam Olck Onao Orkh Orya Osge Osma Ougr Palm Pauc Perm Phag Phli Phlp Phnx Plrd Prti Rjng Rohg Runr Samr Sarb Saur Sgnw Shaw Shrd Sidd Sidt Sind Sinh Sogd Sogo Sora Soyo Sund Sunu Sylo Syrc Tagb Takr Tale Talu Taml Tang Tavt Tayo Telu Tfng Tglg Thaa Thai Tibt Tirh Tnsa Todr Tols Toto Tutg Ugar Vaii Vith Wara Wcho Xpeo Xsux Yezi Yiii Zanb'.split(
    ' ',
  );

// Characters of Common or Inherited script (digits, `_`, `-`, `.`, most combining marks) go with any script.
const ANY_SCRIPT = /^[\p{scx=Zyyy}\p{scx=Zinh}]$/u;

// The script combinations TR39's highly restrictive level allows besides a single script:
// Japanese, Chinese (with Bopomofo) and Korean, each with Latin.
const ALLOWED_COMBINATIONS: readonly (readonly string[])[] = [
  ['Latn', 'Hani', 'Hira', 'Kana'],
  ['Latn', 'Hani', 'Bopo'],
  ['Latn', 'Hani', 'Hang'],
];

let patterns: Array<[string, RegExp]> | undefined;

function scriptPatterns(): Array<[string, RegExp]> {
  patterns ??= SCRIPT_CODES.flatMap((code): Array<[string, RegExp]> => {
    try {
      return [[code, new RegExp(`^\\p{scx=${code}}$`, 'u')]];
    } catch {
      return [];
    }
  });
  return patterns;
}

const scriptsByChar = new Map<string, readonly string[]>();

/** The Script_Extensions of one character, or undefined for Common/Inherited characters. */
function scriptsOf(ch: string): readonly string[] | undefined {
  if (ANY_SCRIPT.test(ch)) return undefined;
  let found = scriptsByChar.get(ch);
  if (!found) {
    const codes = scriptPatterns()
      .filter(([, re]) => re.test(ch))
      .map(([code]) => code);
    // A script the engine has no name for is still a script of its own.
    found = codes.length ? codes : [`U+${ch.codePointAt(0)!.toString(16).toUpperCase()}`];
    scriptsByChar.set(ch, found);
  }
  return found;
}

function coveredBy(sets: readonly (readonly string[])[], allowed: readonly string[]): boolean {
  return sets.every((set) => set.some((code) => allowed.includes(code)));
}

/**
 * The scripts a string mixes beyond TR39's "highly restrictive" level (ISO 15924 codes, one per
 * offending character kind, first seen first), or an empty list when the mix is allowed: one
 * script, or Latin + Han + Hiragana/Katakana, Latin + Han + Bopomofo, Latin + Han + Hangul.
 */
export function mixedScripts(text: string): string[] {
  const sets = [...text].map(scriptsOf).filter((s): s is readonly string[] => s !== undefined);
  if (sets.length < 2) return [];
  const common = sets.reduce((acc, set) => acc.filter((code) => set.includes(code)));
  if (common.length > 0) return [];
  if (ALLOWED_COMBINATIONS.some((allowed) => coveredBy(sets, allowed))) return [];
  return [...new Set(sets.map((set) => set[0]))];
}
