// Test support (not part of the library): deterministic mutants of valid SLD documents, each
// with one structural defect of the kind users make, for comparing libs/sld with the official
// schemas: drop a child, swap two siblings, misspell a name, move an element to another parent,
// corrupt a number, duplicate an element.
import { parseXml } from '../src/xml/xml-parser';
import { cloneElement, type MutableElement, serialize, toMutable } from './mutable-xml';

export type MutationKind = 'drop-child' | 'swap-siblings' | 'misspell-name' | 'move-to-other-parent' | 'corrupt-number' | 'duplicate-element';

export const MUTATION_KINDS: readonly MutationKind[] = [
  'drop-child',
  'swap-siblings',
  'misspell-name',
  'move-to-other-parent',
  'corrupt-number',
  'duplicate-element',
];

export interface Mutant {
  /** Stable id: base file, kind and sequence number. */
  id: string;
  base: string;
  kind: MutationKind;
  /** What was changed, for the disagreement list. */
  change: string;
  text: string;
}

/** GeoServer vendor elements, removed before mutating so the official schemas can judge the rest. */
const EXTENSION_ELEMENTS = new Set(['VendorOption']);

/** A small seeded PRNG (mulberry32): the same seed gives the same mutants on every run. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The document with GeoServer's extension elements removed (as the corpus README compares them). */
export function stripExtensions(root: MutableElement): MutableElement {
  const copy = cloneElement(root);
  const visit = (element: MutableElement) => {
    element.children = element.children.filter((c) => c.kind !== 'element' || !EXTENSION_ELEMENTS.has(c.localName));
    for (const child of element.children) if (child.kind === 'element') visit(child);
  };
  visit(copy);
  return copy;
}

/** Parses a document's text and strips extensions; `null` when it is not well-formed. */
export function mutableDocument(text: string): MutableElement | null {
  const parsed = parseXml(text);
  return parsed.root === null ? null : stripExtensions(toMutable(parsed.root));
}

interface Located {
  element: MutableElement;
  parent: MutableElement | null;
  depth: number;
}

function allElements(root: MutableElement): Located[] {
  const out: Located[] = [];
  const visit = (element: MutableElement, parent: MutableElement | null, depth: number) => {
    out.push({ element, parent, depth });
    for (const child of element.children) if (child.kind === 'element') visit(child, element, depth + 1);
  };
  visit(root, null, 0);
  return out;
}

function contains(ancestor: MutableElement, element: MutableElement): boolean {
  if (ancestor === element) return true;
  return ancestor.children.some((c) => c.kind === 'element' && contains(c, element));
}

const NUMBER = /^\s*[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?\s*$/;
const CORRUPTIONS = ['abc', '1:50000', '12,5', '', '-1', '1.5.2', 'NaN0', '0x1F', '+-3', '2.5'];

function misspell(name: string, random: () => number): string {
  const variants = [
    name.replace(/izer/, 'iser').replace(/Color/, 'Colour'),
    name.slice(0, -1),
    name.length > 3 ? name.slice(0, 1) + name.slice(2, 3) + name.slice(1, 2) + name.slice(3) : `${name}x`,
    name.slice(0, 1).toLowerCase() === name.slice(0, 1) ? name.slice(0, 1).toUpperCase() + name.slice(1) : name.slice(0, 1).toLowerCase() + name.slice(1),
    `${name}s`,
  ].filter((v) => v !== name && v.length > 0);
  return variants[Math.floor(random() * variants.length)];
}

/** Applies one mutation of the given kind; `null` when the document offers no place for it. */
function mutate(root: MutableElement, kind: MutationKind, random: () => number): string | null {
  const pick = <T>(items: T[]): T | undefined => items[Math.floor(random() * items.length)];
  const located = allElements(root);
  const nonRoot = located.filter((l) => l.parent !== null);
  switch (kind) {
    case 'drop-child': {
      const target = pick(nonRoot);
      if (!target?.parent) return null;
      target.parent.children.splice(target.parent.children.indexOf(target.element), 1);
      return `removed ${target.element.localName} from ${target.parent.localName}`;
    }
    case 'swap-siblings': {
      const pairs: [MutableElement, number, number][] = [];
      for (const { element } of located) {
        const kids = element.children.map((c, i) => [c, i] as const).filter(([c]) => c.kind === 'element');
        for (let k = 0; k + 1 < kids.length; k++) {
          const [a, i] = kids[k];
          const [b, j] = kids[k + 1];
          if (a.kind === 'element' && b.kind === 'element' && a.localName !== b.localName) pairs.push([element, i, j]);
        }
      }
      const pair = pick(pairs);
      if (!pair) return null;
      const [parent, i, j] = pair;
      const a = parent.children[i] as MutableElement;
      const b = parent.children[j] as MutableElement;
      [parent.children[i], parent.children[j]] = [b, a];
      return `swapped ${a.localName} and ${b.localName} in ${parent.localName}`;
    }
    case 'misspell-name': {
      const target = pick(nonRoot);
      if (!target) return null;
      const before = target.element.localName;
      target.element.localName = misspell(before, random);
      return `renamed ${before} to ${target.element.localName}`;
    }
    case 'move-to-other-parent': {
      const target = pick(nonRoot.filter((l) => l.depth >= 2));
      if (!target?.parent) return null;
      const hosts = located.filter((l) => !contains(target.element, l.element) && l.element !== target.parent);
      const host = pick(hosts);
      if (!host) return null;
      target.parent.children.splice(target.parent.children.indexOf(target.element), 1);
      const slots = host.element.children.map((c, i) => (c.kind === 'element' ? i : -1)).filter((i) => i >= 0);
      const at = pick([...slots, host.element.children.length]) ?? 0;
      host.element.children.splice(at, 0, target.element);
      return `moved ${target.element.localName} from ${target.parent.localName} into ${host.element.localName}`;
    }
    case 'corrupt-number': {
      const places: { describe: string; set: (v: string) => void }[] = [];
      for (const { element } of located) {
        const texts = element.children.filter((c) => c.kind === 'text');
        const onlyText = element.children.every((c) => c.kind === 'text');
        if (onlyText && texts.length === 1 && texts[0].kind === 'text' && NUMBER.test(texts[0].value)) {
          const text = texts[0];
          places.push({ describe: `${element.localName} text ${text.value.trim()}`, set: (v) => (text.value = v) });
        }
        for (const attribute of element.attributes) {
          if (NUMBER.test(attribute.value)) {
            places.push({ describe: `${element.localName}@${attribute.localName} ${attribute.value}`, set: (v) => (attribute.value = v) });
          }
        }
      }
      const place = pick(places);
      if (!place) return null;
      const value = pick(CORRUPTIONS) as string;
      place.set(value);
      return `set ${place.describe} to '${value}'`;
    }
    case 'duplicate-element': {
      const target = pick(nonRoot);
      if (!target?.parent) return null;
      target.parent.children.splice(target.parent.children.indexOf(target.element) + 1, 0, cloneElement(target.element));
      return `duplicated ${target.element.localName} in ${target.parent.localName}`;
    }
  }
}

/**
 * Makes `perBase` mutants of each base document (kinds taken in turn), deduplicated by text.
 * @param bases file name and extension-free tree of each valid document.
 */
export function generateMutants(bases: { name: string; root: MutableElement }[], perBase: number, seed = 20240611): Mutant[] {
  const random = randomSource(seed);
  const seen = new Set<string>();
  const mutants: Mutant[] = [];
  for (const base of bases) {
    const original = serialize(base.root);
    seen.add(original);
    let made = 0;
    for (let attempt = 0; made < perBase && attempt < perBase * 4; attempt++) {
      const kind = MUTATION_KINDS[attempt % MUTATION_KINDS.length];
      const root = cloneElement(base.root);
      const change = mutate(root, kind, random);
      if (change === null) continue;
      const text = serialize(root);
      if (seen.has(text)) continue;
      seen.add(text);
      mutants.push({ id: `${base.name}#${kind}#${made}`, base: base.name, kind, change, text });
      made++;
    }
  }
  return mutants;
}
