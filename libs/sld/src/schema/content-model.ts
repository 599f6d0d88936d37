// Content models as automata. A particle tree (sequences, choices, elements, wildcards, with
// minOccurs/maxOccurs) becomes a nondeterministic automaton once, and is determinized lazily:
// each state remembers where each element name leads, so validating a large document costs one
// map lookup per element. XSD's Unique Particle Attribution rule guarantees that the element a
// child matches is never ambiguous.
import { UNBOUNDED, type Particle, type ProcessContents, type WildcardNamespaces } from './schema-grammar';

/** What a child element matched: an element declaration, or a wildcard. */
export type ContentMatch =
  | {
      readonly kind: 'element';
      /** The declaration's name in the grammar (`sld:Rule`). */
      readonly name: string;
      /** The type to validate the child with. */
      readonly type: string;
      /** A value the child's text must have, when the declaration fixes one. */
      readonly fixed: string | undefined;
    }
  | { readonly kind: 'wildcard'; readonly process: ProcessContents };

/** A declared element a content model can match, as the automaton needs it. */
export interface ElementCandidate {
  /** Lookup key: namespace URI (or '') + '\n' + local name. */
  readonly key: string;
  readonly match: ContentMatch;
  /** How to name it in "expected …" messages: the grammar's `prefix:local`. */
  readonly name: string;
}

/** Expands a particle's element reference into every element it accepts (its substitution group). */
export interface ParticleResolver {
  /** A global element reference: the element and the non-abstract members of its substitution group. */
  global(name: string): readonly ElementCandidate[];
  /** A local element declaration. */
  local(name: string, type: string): ElementCandidate;
  /** The namespace URI of a grammar prefix. */
  namespaceOf(prefix: string): string;
}

interface ElementTerm {
  readonly kind: 'elements';
  readonly byKey: ReadonlyMap<string, ElementCandidate>;
  readonly names: readonly string[];
}

interface WildcardTerm {
  readonly kind: 'wildcard';
  readonly namespaces: WildcardNamespaces;
  readonly process: ProcessContents;
}

type Term = ElementTerm | WildcardTerm;

/** Where a child leads: the next state and what the child matched. */
export interface Transition {
  readonly state: ContentState;
  readonly match: ContentMatch;
}

/** A state of the determinized automaton. */
export class ContentState {
  /**
   * Memoized transitions by namespace URI ('' for none), then local name; `null` = the element is
   * not allowed here. Two lookups of strings the parser already holds: nothing is allocated per element.
   */
  private readonly next = new Map<string, Map<string, Transition | null>>();

  constructor(
    readonly automaton: ContentAutomaton,
    /** The NFA states this state stands for, sorted. */
    readonly states: readonly number[],
    /** True when the content may end here. */
    readonly accepting: boolean,
  ) {}

  /** @returns where an element leads from here, or `null` when it is not allowed here. */
  step(namespaceUri: string, localName: string): Transition | null {
    const byLocal = this.next.get(namespaceUri);
    const cached = byLocal?.get(localName);
    if (cached !== undefined) return cached;
    const computed = this.automaton.computeStep(this, `${namespaceUri}\n${localName}`, namespaceUri);
    // Automata live as long as the grammar, across documents: a bounded memo, so documents full
    // of invented names cannot make it grow without end.
    if (byLocal !== undefined) {
      if (byLocal.size < MAX_MEMO_NAMES) byLocal.set(localName, computed);
    } else if (this.next.size < MAX_MEMO_NAMESPACES) {
      this.next.set(namespaceUri, new Map([[localName, computed]]));
    }
    return computed;
  }

  /** The names of the elements allowed next (for messages), in content-model order. */
  expected(): string[] {
    return this.automaton.expectedNames(this);
  }
}

/** Bounds of each state's memo of transitions (names per namespace, namespaces). */
const MAX_MEMO_NAMES = 256;
const MAX_MEMO_NAMESPACES = 32;

/** Limit on copies made for counted repetitions (`maxOccurs="5"`); beyond it a bound is not enforced. */
const MAX_UNROLLED = 32;

/** A compiled content model. */
export class ContentAutomaton {
  private readonly epsilon: number[][] = [];
  private readonly edges: { term: number; to: number }[][] = [];
  private readonly terms: Term[] = [];
  private readonly stateCache = new Map<string, ContentState>();
  private readonly accept: number;
  /** The state before the first child. */
  readonly start: ContentState;

  constructor(
    particle: Particle | undefined,
    private readonly resolver: ParticleResolver,
  ) {
    const first = this.newState();
    this.accept = particle === undefined ? first : this.build(particle, first);
    this.start = this.stateFor(this.closure([first]));
  }

  computeStep(from: ContentState, key: string, namespaceUri: string): Transition | null {
    let match: ContentMatch | null = null;
    const targets: number[] = [];
    // Element declarations win over wildcards (the schemas never let both match one child).
    for (const wildcardPass of [false, true]) {
      for (const state of from.states) {
        for (const edge of this.edges[state]) {
          const term = this.terms[edge.term];
          if ((term.kind === 'wildcard') !== wildcardPass) continue;
          const termMatch = matchTerm(term, key, namespaceUri);
          if (termMatch === null) continue;
          match ??= termMatch;
          targets.push(edge.to);
        }
      }
      if (match !== null) break;
    }
    if (match === null) return null;
    return { state: this.stateFor(this.closure(targets)), match };
  }

  expectedNames(state: ContentState): string[] {
    // Terms are numbered in content-model order: list them that way, as a reader of the schema would.
    const terms = new Set<number>();
    for (const nfaState of state.states) for (const edge of this.edges[nfaState]) terms.add(edge.term);
    const names: string[] = [];
    for (const index of [...terms].sort((a, b) => a - b)) {
      const term = this.terms[index];
      if (term.kind === 'wildcard') names.push('any element');
      else names.push(...term.names);
    }
    return [...new Set(names)];
  }

  /** True when the content model has a place for this element somewhere (not necessarily here). */
  mentions(key: string, namespaceUri: string): boolean {
    return this.terms.some((term) => matchTerm(term, key, namespaceUri) !== null);
  }

  /** Every element name the content model mentions, in content-model order (for suggestions). */
  allNames(): string[] {
    return [...new Set(this.terms.flatMap((term) => (term.kind === 'elements' ? term.names : [])))];
  }

  // ---- construction ----------------------------------------------------------------------------

  private newState(): number {
    this.epsilon.push([]);
    this.edges.push([]);
    return this.epsilon.length - 1;
  }

  /** Adds the particle after state `from`. @returns the state reached after it. */
  private build(particle: Particle, from: number): number {
    const [min, max] = occurs(particle);
    let current = from;
    const required = Math.min(min, MAX_UNROLLED);
    for (let i = 0; i < required; i++) current = this.buildOnce(particle, current);
    if (max === UNBOUNDED || max > MAX_UNROLLED) {
      const loop = this.newState();
      this.epsilon[current].push(loop);
      const end = this.buildOnce(particle, loop);
      this.epsilon[end].push(loop);
      return loop;
    }
    const exit = this.newState();
    for (let i = required; i < max; i++) {
      this.epsilon[current].push(exit);
      current = this.buildOnce(particle, current);
    }
    this.epsilon[current].push(exit);
    return exit;
  }

  private buildOnce(particle: Particle, from: number): number {
    switch (particle[0]) {
      case 'e':
      case 'l':
      case 'a': {
        const to = this.newState();
        this.edges[from].push({ term: this.termFor(particle), to });
        return to;
      }
      case 's': {
        let current = from;
        for (const child of particle[3]) current = this.build(child, current);
        return current;
      }
      case 'c': {
        const exit = this.newState();
        for (const child of particle[3]) {
          const branch = this.newState();
          this.epsilon[from].push(branch);
          this.epsilon[this.build(child, branch)].push(exit);
        }
        return exit;
      }
    }
  }

  private termFor(particle: Particle): number {
    let term: Term;
    const [kind] = particle;
    if (kind === 'a') {
      const [, namespaces, process] = particle as Extract<Particle, readonly ['a', ...unknown[]]>;
      term = { kind: 'wildcard', namespaces, process };
    } else {
      const candidates = kind === 'l' ? [this.resolver.local(particle[1] as string, particle[2] as string)] : this.resolver.global(particle[1] as string);
      term = { kind: 'elements', byKey: new Map(candidates.map((c) => [c.key, c])), names: candidates.map((c) => c.name) };
    }
    this.terms.push(term);
    return this.terms.length - 1;
  }

  private closure(seeds: readonly number[]): number[] {
    const seen = new Set<number>();
    const stack = [...seeds];
    while (stack.length > 0) {
      const state = stack.pop() as number;
      if (seen.has(state)) continue;
      seen.add(state);
      for (const next of this.epsilon[state]) stack.push(next);
    }
    return [...seen].sort((a, b) => a - b);
  }

  private stateFor(states: number[]): ContentState {
    const key = states.join(',');
    let state = this.stateCache.get(key);
    if (state === undefined) {
      state = new ContentState(this, states, states.includes(this.accept));
      this.stateCache.set(key, state);
    }
    return state;
  }
}

function occurs(particle: Particle): [number, number] {
  switch (particle[0]) {
    case 'e':
      return [particle[2], particle[3]];
    case 'l':
    case 'a':
      return [particle[3], particle[4]];
    case 's':
    case 'c':
      return [particle[1], particle[2]];
  }
}

function matchTerm(term: Term, key: string, namespaceUri: string): ContentMatch | null {
  if (term.kind === 'elements') return term.byKey.get(key)?.match ?? null;
  return wildcardAllows(term.namespaces, namespaceUri) ? { kind: 'wildcard', process: term.process } : null;
}

/** True when a wildcard's namespace constraint allows a name in `namespaceUri` ('' = none). */
export function wildcardAllows(namespaces: WildcardNamespaces, namespaceUri: string): boolean {
  if (namespaces === '##any') return true;
  if ('not' in namespaces) return namespaceUri !== '' && namespaceUri !== namespaces.not;
  return namespaces.includes(namespaceUri);
}
