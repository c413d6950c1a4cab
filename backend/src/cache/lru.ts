/** The bounds an LruStore reads on every store, so they can be changed while it runs. */
export interface LruLimits {
  maxEntries: number;
  maxBytes: number;
}

interface Slot<V> {
  value: V;
  bytes: number;
  /** Epoch ms after which the value is gone. */
  expiresAt: number;
}

/**
 * A map bounded by entry count and bytes that forgets the least recently used first, and whose
 * values expire at their own time. It knows nothing of HTTP or databases.
 */
export class LruStore<V> {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used at the front.
  private readonly slots = new Map<string, Slot<V>>();
  private total = 0;

  // The global clock read at each call (not Date.now captured once), so whatever moves the clock moves expiry too.
  constructor(private readonly limits: LruLimits, private readonly now: () => number = () => Date.now()) {}

  get size(): { entries: number; bytes: number } {
    return { entries: this.slots.size, bytes: this.total };
  }

  get(key: string): V | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    if (slot.expiresAt <= this.now()) {
      this.delete(key);
      return undefined;
    }
    this.slots.delete(key);
    this.slots.set(key, slot);
    return slot.value;
  }

  /** Stores a value (a value larger than the byte cap is not kept), then evicts down to the limits. */
  set(key: string, value: V, bytes: number, expiresAt: number): void {
    this.delete(key);
    if (bytes > this.limits.maxBytes || expiresAt <= this.now()) return;
    this.slots.set(key, { value, bytes, expiresAt });
    this.total += bytes;
    for (const k of this.slots.keys()) {
      if (this.slots.size <= this.limits.maxEntries && this.total <= this.limits.maxBytes) break;
      this.delete(k);
    }
  }

  /** Accounts bytes added to a kept value later (e.g. its compressed form); false when the key is gone. */
  grow(key: string, value: V, bytes: number): boolean {
    const slot = this.slots.get(key);
    if (!slot || slot.value !== value) return false;
    slot.bytes += bytes;
    this.total += bytes;
    return true;
  }

  delete(key: string): void {
    const slot = this.slots.get(key);
    if (!slot) return;
    this.slots.delete(key);
    this.total -= slot.bytes;
  }

  /** Deletes every value the predicate picks (all when none is given). */
  deleteWhere(pick?: (value: V) => boolean): void {
    if (!pick) {
      this.slots.clear();
      this.total = 0;
      return;
    }
    for (const [key, slot] of this.slots) if (pick(slot.value)) this.delete(key);
  }
}
