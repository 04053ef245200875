/**
 * Dice for rules code. Rules never call Math.random: every roll goes through a Dice, which
 * records it, so a step can be replayed and audited. The platform derives each step's dice
 * from the game's secret seed (HMAC-SHA256 stream), tests may script exact values.
 */
import { createHmac } from 'node:crypto';

export interface RollRecord {
  /** What the roll was for, e.g. 'combat 1203' or 'space superiority'. */
  label: string;
  sides: number;
  value: number;
}

export interface Dice {
  /** One die with `sides` faces, 1..sides. */
  roll(sides: number, label: string): number;
  /** Shorthand for a six-sided die. */
  d6(label: string): number;
  /** Sum of `count` dice; each die is recorded separately. */
  sum(count: number, sides: number, label: string): number;
  /** Every roll made so far, in order. */
  readonly log: readonly RollRecord[];
  /** Removes and returns the rolls recorded since the last drain (to attach them to an event). */
  drain(): RollRecord[];
}

/** Records every roll; subclasses say where the values come from (`label` lets a replay check it). */
export abstract class RecordingDice implements Dice {
  readonly log: RollRecord[] = [];
  private drained = 0;

  protected abstract next(sides: number, label: string): number;

  roll(sides: number, label: string): number {
    if (!Number.isInteger(sides) || sides < 2) throw new RangeError(`a die needs at least 2 sides, got ${sides}`);
    const value = this.next(sides, label);
    this.log.push({ label, sides, value });
    return value;
  }

  d6(label: string): number {
    return this.roll(6, label);
  }

  sum(count: number, sides: number, label: string): number {
    let total = 0;
    for (let i = 0; i < count; i++) total += this.roll(sides, label);
    return total;
  }

  drain(): RollRecord[] {
    const out = this.log.slice(this.drained);
    this.drained = this.log.length;
    return out;
  }
}

/** Where a step's dice come from: the game's secret seed, the game, the step and revealed salts. */
export interface DiceKey {
  seed: string;
  gameId: string;
  step: number;
  salts?: string[];
}

/** Deterministic dice: an HMAC-SHA256 counter stream keyed by the derivation of `key`. */
export class SeededDice extends RecordingDice {
  private readonly streamKey: Buffer;
  private counter = 0;
  private buffer = Buffer.alloc(0);

  constructor(key: DiceKey) {
    super();
    const salts = [...(key.salts ?? [])].sort().join('|');
    this.streamKey = createHmac('sha256', key.seed)
      .update(`warpost-dice/v1|${key.gameId}|${key.step}|${salts}`)
      .digest();
  }

  private uint32(): number {
    if (this.buffer.length < 4) {
      const block = Buffer.alloc(8);
      block.writeBigUInt64BE(BigInt(this.counter++));
      this.buffer = Buffer.concat([this.buffer, createHmac('sha256', this.streamKey).update(block).digest()]);
    }
    const v = this.buffer.readUInt32BE(0);
    this.buffer = this.buffer.subarray(4);
    return v;
  }

  protected next(sides: number): number {
    // Rejection sampling keeps every face equally likely.
    const limit = Math.floor(0x1_0000_0000 / sides) * sides;
    for (;;) {
      const v = this.uint32();
      if (v < limit) return (v % sides) + 1;
    }
  }
}

/** Convenience for bots, fuzzers and tests: dice from a plain string seed. */
export function seededDice(seed: string, step = 0): SeededDice {
  return new SeededDice({ seed, gameId: 'local', step });
}

/** Dice that return scripted values in order (worked examples); throws when the script runs out. */
export class ScriptedDice extends RecordingDice {
  private index = 0;
  constructor(private readonly values: number[]) {
    super();
  }
  protected next(sides: number): number {
    if (this.index >= this.values.length) throw new Error('scripted dice exhausted');
    const v = this.values[this.index++];
    if (v < 1 || v > sides) throw new RangeError(`scripted value ${v} is not a face of a d${sides}`);
    return v;
  }
  get remaining(): number {
    return this.values.length - this.index;
  }
}
