/**
 * A small seeded generator for the simulator (issue #28): sfc32 (Chris Doty-Humphrey's Small Fast Counting
 * generator, 128-bit state, passes PractRand to 2^40+ bytes). Hand-written so the engine needs no
 * dependency and runs unchanged in the browser's Web Worker; the same seed gives the same stream everywhere.
 */
export class Sfc32 {
  // Read by the engine's hot loop, which steps the same generator on local copies (engine.ts).
  a: number;
  b: number;
  c: number;
  d: number;

  constructor(seed: number, stream = 0) {
    this.a = this.b = this.c = this.d = 0;
    this.reseed(seed, stream);
  }

  /**
   * Restarts the generator on (seed, stream) without allocating: the engine gives every path its own stream, so
   * a path's days do not depend on how many days other programs' paths used (a program's result is the same
   * alone or among the whole catalogue). The warm-up discards the first outputs so nearby seeds decorrelate.
   */
  reseed(seed: number, stream = 0): void {
    this.a = 0x9e3779b9;
    this.b = (0x243f6a88 ^ stream) | 0;
    this.c = 0xb7e15162;
    this.d = seed | 0;
    for (let i = 0; i < 12; i++) this.nextU32();
  }

  /** A uniform 32-bit unsigned integer. */
  nextU32(): number {
    const a = this.a;
    const b = this.b;
    const c = this.c;
    const d = this.d;
    const t = (((a + b) | 0) + d) | 0;
    this.d = (d + 1) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    this.c = (((c << 21) | (c >>> 11)) + t) | 0;
    return t >>> 0;
  }

  /** A uniform number in [0, 1). */
  next(): number {
    return this.nextU32() / 4294967296;
  }

  /** A uniform integer in [0, n). */
  below(n: number): number {
    return Math.floor((this.nextU32() / 4294967296) * n);
  }
}

/** A seed for a run that was given none; reported back so the run can be repeated. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 2147483647);
}

/** 2^31 − 1: the largest seed the API accepts and the engine reports. */
export const MAX_SEED = 2147483647;

/**
 * Politis–Romano's stationary bootstrap as a stream of indices into a series of length n: the first index is
 * uniform; each next one continues the block (index + 1, wrapping round the end) with probability 1 − 1/L, else
 * jumps to a uniform start. Block lengths are geometric with mean L.
 */
export class StationaryIndices {
  private readonly jumpBelow: number;
  private index = 0;

  constructor(
    private readonly rng: Sfc32,
    private readonly n: number,
    meanBlockLength: number,
  ) {
    // Compared with a raw 32-bit draw: a jump when the draw falls below 2^32 / L (always, for L = 1).
    this.jumpBelow = 4294967296 / Math.max(1, meanBlockLength);
  }

  /** The first day of a path. */
  start(): number {
    this.index = this.rng.below(this.n);
    return this.index;
  }

  /** The next day of the same path. */
  next(): number {
    if (this.rng.nextU32() < this.jumpBelow) {
      this.index = this.rng.below(this.n);
    } else if (++this.index === this.n) {
      this.index = 0;
    }
    return this.index;
  }
}
