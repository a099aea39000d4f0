/**
 * Dissolving and augmenting blossoms: the other half of the blossom operations on
 * BlossomState (matching-blossom.ts), as functions of the state.
 */
import type { BlossomState } from "./matching-blossom.js";

/** list[i], counting from the end for a negative i. */
function at(list: readonly number[], i: number): number {
  return list[i < 0 ? i + list.length : i]!;
}

/** Dissolve top-level blossom b into its sub-blossoms (recursively at the end of a stage). */
export function expandBlossom(state: BlossomState, b: number, endStage: boolean): void {
  for (const sub of state.children[b]!) {
    state.parent[sub] = -1;
    if (sub < state.n) state.inBlossom[sub] = sub;
    else if (endStage && state.dual[sub] === 0) expandBlossom(state, sub, endStage);
    else for (const x of state.leaves(sub)) state.inBlossom[x] = sub;
  }
  if (!endStage && state.label[b] === 2) relabelExpandedT(state, b);
  state.label[b] = -1;
  state.labelEnd[b] = -1;
  state.children[b] = null;
  state.childEnds[b] = null;
  state.base[b] = -1;
  state.blossomBestEdges[b] = null;
  state.bestEdge[b] = -1;
  state.unused.push(b);
}

/** After expanding T-blossom b mid-stage, relabel its sub-blossoms along the even path. */
function relabelExpandedT(state: BlossomState, b: number): void {
  const { endpoint, label, labelEnd } = state;
  const kids = state.children[b]!;
  const ends = state.childEnds[b]!;
  const entryChild = state.inBlossom[endpoint[labelEnd[b]! ^ 1]!]!;
  let j = kids.indexOf(entryChild);
  const forward = (j & 1) === 1;
  if (forward) j -= kids.length;
  const step = forward ? 1 : -1;
  const trick = forward ? 0 : 1;
  let p = labelEnd[b]!;
  while (j !== 0) {
    label[endpoint[p ^ 1]!] = 0;
    label[endpoint[at(ends, j - trick) ^ trick ^ 1]!] = 0;
    state.assignLabel(endpoint[p ^ 1]!, 2, p);
    state.allowed[at(ends, j - trick) >> 1] = 1;
    j += step;
    p = at(ends, j - trick) ^ trick;
    state.allowed[p >> 1] = 1;
    j += step;
  }
  const bv = at(kids, j);
  label[endpoint[p ^ 1]!] = 2;
  label[bv] = 2;
  labelEnd[endpoint[p ^ 1]!] = p;
  labelEnd[bv] = p;
  state.bestEdge[bv] = -1;
  j += step;
  while (at(kids, j) !== entryChild) {
    const sub = at(kids, j);
    j += step;
    if (label[sub] === 1) continue;
    const reached = state.leaves(sub).find((x) => label[x] !== 0);
    if (reached === undefined) continue;
    label[reached] = 0;
    label[endpoint[state.mate[state.base[sub]!]!]!] = 0;
    state.assignLabel(reached, 2, labelEnd[reached]!);
  }
}

/** Swap matched and unmatched edges along the path from vertex v to the base of blossom b. */
function augmentBlossom(state: BlossomState, b: number, v: number): void {
  const { endpoint, mate } = state;
  let t = v;
  while (state.parent[t] !== b) t = state.parent[t]!;
  if (t >= state.n) augmentBlossom(state, t, v);
  const kids = state.children[b]!;
  const ends = state.childEnds[b]!;
  const i = kids.indexOf(t);
  const forward = (i & 1) === 1;
  let j = forward ? i - kids.length : i;
  const step = forward ? 1 : -1;
  const trick = forward ? 0 : 1;
  while (j !== 0) {
    j += step;
    const p = at(ends, j - trick) ^ trick;
    let sub = at(kids, j);
    if (sub >= state.n) augmentBlossom(state, sub, endpoint[p]!);
    j += step;
    sub = at(kids, j);
    if (sub >= state.n) augmentBlossom(state, sub, endpoint[p ^ 1]!);
    mate[endpoint[p]!] = p ^ 1;
    mate[endpoint[p ^ 1]!] = p;
  }
  const rotated = [...kids.slice(i), ...kids.slice(0, i)];
  state.children[b] = rotated;
  state.childEnds[b] = [...ends.slice(i), ...ends.slice(0, i)];
  state.base[b] = state.base[rotated[0]!]!;
}

/** Augment the matching along the path through edge k, which joins two S-vertices. */
export function augmentMatching(state: BlossomState, k: number): void {
  const { endpoint, inBlossom, labelEnd, mate } = state;
  const starts: readonly (readonly [number, number])[] = [
    [endpoint[2 * k]!, 2 * k + 1],
    [endpoint[2 * k + 1]!, 2 * k],
  ];
  for (const [start, first] of starts) {
    let s = start;
    let p = first;
    for (;;) {
      const bs = inBlossom[s]!;
      if (bs >= state.n) augmentBlossom(state, bs, s);
      mate[s] = p;
      if (labelEnd[bs] === -1) break;
      const bt = inBlossom[endpoint[labelEnd[bs]!]!]!;
      s = endpoint[labelEnd[bt]!]!;
      const j = endpoint[labelEnd[bt]! ^ 1]!;
      if (bt >= state.n) augmentBlossom(state, bt, j);
      mate[j] = labelEnd[bt]!;
      p = labelEnd[bt]! ^ 1;
    }
  }
}
