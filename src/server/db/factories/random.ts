/**
 * A small seeded PRNG (mulberry32): the demo organisation comes out the same on every machine,
 * and a test can ask for a different seed to get other but still repeatable data.
 */
export class Random {
  private state: number;

  constructor(seed = 20_261_122) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** A version 4 UUID drawn from this generator: rows can be linked before they are inserted, repeatably. */
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => Math.floor(this.next() * 16).toString(16));
    hex[12] = '4';
    hex[16] = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }

  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0] as T);
    return out;
  }
}

export const FIRST_NAMES = [
  'Amara',
  'Benjamin',
  'Camila',
  'Daniel',
  'Elena',
  'Farid',
  'Grace',
  'Hiroshi',
  'Isabel',
  'James',
  'Keisha',
  'Liam',
  'Mei',
  'Noah',
  'Olivia',
  'Priya',
  'Rafael',
  'Sofia',
  'Tomás',
  'Uma',
  'Victor',
  'Wen',
  'Yasmin',
  'Zoe',
  'Ahmed',
  'Beatriz',
  'Chen',
  'Diego',
  'Emma',
  'Fatima',
  'Gabriel',
  'Hannah',
  'Ibrahim',
  'Julia',
  'Kofi',
  'Laura',
  'Mateo',
  'Nadia',
  'Oscar',
  'Paula',
] as const;

export const LAST_NAMES = [
  'Adeyemi',
  'Bauer',
  'Castillo',
  'Dubois',
  'Eriksen',
  'Fernández',
  'García',
  'Haddad',
  'Ito',
  'Jensen',
  'Kowalski',
  'Li',
  'Martin',
  'Nguyen',
  'Okafor',
  'Patel',
  'Quinn',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Usman',
  'Valdez',
  'Wang',
  'Xu',
  'Yilmaz',
  'Zhang',
  'Ahmadi',
  'Brennan',
  'Costa',
  'Delgado',
] as const;

export const CITIES = [
  { city: 'Springfield', state: 'IL', zip: '62701' },
  { city: 'Riverside', state: 'CA', zip: '92501' },
  { city: 'Madison', state: 'WI', zip: '53703' },
  { city: 'Fairview', state: 'OR', zip: '97024' },
  { city: 'Georgetown', state: 'TX', zip: '78626' },
] as const;

export const STREETS = ['Maple Avenue', 'Oak Street', 'Cedar Lane', 'Elm Drive', 'Pine Road', 'Willow Court', 'Birch Way'] as const;
