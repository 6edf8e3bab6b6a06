// Who a visitor is, without a cookie: a keyed hash of the address and user agent, and the day's
// set of those numbers. The numbers a process keys with its own seeds never leave its memory; those
// keyed with the day's shared seeds (view-store.ts) are kept in the database for a day or two.

/**
 * A visitor's number: a 53-bit hash of the text keyed by the day's two random 32-bit seeds
 * (cyrb53's mixing, done in JavaScript). The seeds are the day's, replaced every day (and deleted
 * from the database, with the numbers, a day later), so a keyed hash is all the salting needs; SHA-256 through `crypto.hash` cost ~0.9 µs a view alone and, measured in a
 * loaded server with counting on and off, about ten times that.
 */
export function visitorNumber(text: string, seedA: number, seedB: number): number {
  const state = mixText(text, [seedA, seedB]);
  return finishMix(state[0], state[1]);
}

/** Mixes `text` into a hash state (cyrb53's step per character); `state` is updated and returned. */
function mixText(text: string, state: [number, number]): [number, number] {
  let h1 = state[0];
  let h2 = state[1];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  state[0] = h1;
  state[1] = h2;
  return state;
}

/** The hash state after a user agent and its separator: kept per agent, so a view mixes less. */
export function agentHashState(userAgent: string, seedA: number, seedB: number): [number, number] {
  return mixText("\n", mixText(userAgent, [seedA, seedB]));
}

const viewState: [number, number] = [0, 0]; // reused: record() allocates nothing for the hash
/** visitorNumber(`${userAgent}\n${ip}\n${eventNumber}`) from the agent's kept hash state. */
export function visitorNumberFrom(agentState: [number, number], ip: string, eventNumber: string) {
  viewState[0] = agentState[0];
  viewState[1] = agentState[1];
  mixText(eventNumber, mixText("\n", mixText(ip, viewState)));
  return finishMix(viewState[0], viewState[1]);
}

function finishMix(a: number, b: number): number {
  let h1 = a;
  let h2 = b;
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

export const AGENT_SLOTS = 1024;

/**
 * A slot for a user agent from its length and about 20 of its characters: the last four, then one
 * in every sixteenth of the rest (agents differ in versions and device names, anywhere in them).
 */
export function agentSlot(userAgent: string): number {
  const n = userAgent.length;
  let h = n;
  let i = n - 1;
  for (; i >= n - 4 && i >= 0; i--) h = Math.imul(h ^ userAgent.charCodeAt(i), 0x9e3779b1);
  for (const step = n >> 4 || 1; i >= 0; i -= step)
    h = Math.imul(h ^ userAgent.charCodeAt(i), 0x9e3779b1);
  return h >>> 22; // the top 10 bits: 0 … AGENT_SLOTS − 1
}

/**
 * The day's visitors, as their numbers in an open-addressing table (linear probing, doubled past
 * half full). No object per visitor: a Set of hash strings kept ~100 bytes of heap for each, and
 * at thousands of new visitors a second the GC's walks over that growing heap cost a kept page
 * more than the hashing. Two of 500,000 visitors share a number with odds of about 1 in 70,000.
 */
export function createVisitorSet(slots = 1 << 14) {
  if (slots < 2 || (slots & (slots - 1)) !== 0) throw new Error("slots must be a power of two");
  let table = new Float64Array(slots);
  let size = 0;
  // 0 marks an empty slot, so a visitor whose number is 0 is stored as 1. The table's length is a
  // power of two: a slot is the number's low bits (`>>> 0` truncates; `%` on a 53-bit double is a
  // floating-point remainder, several times dearer).
  const slotOf = (t: Float64Array, v: number) => {
    const mask = t.length - 1;
    let j = (v >>> 0) & mask;
    while (t[j] !== 0 && t[j] !== v) j = (j + 1) & mask;
    return j;
  };
  return {
    has: (n: number) => table[slotOf(table, n || 1)] !== 0,
    /** Adds the number; answers false when it was there already (one probe for both). */
    add(n: number): boolean {
      const v = n || 1;
      const j = slotOf(table, v);
      if (table[j] !== 0) return false;
      table[j] = v;
      size++;
      if (size * 2 <= table.length) return true;
      const old = table;
      table = new Float64Array(old.length * 2);
      for (const x of old) if (x !== 0) table[slotOf(table, x)] = x;
      return true;
    },
    get size() {
      return size;
    },
  };
}
