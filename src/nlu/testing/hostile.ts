// Messages in the shapes an attacker or an unlucky paste sends: long runs of one character, of commas, of digits,
// of short words, of accented words, of URLs, and one request said again and again. Shared by the adversarial
// bench section and the processors' linearity tests (src/nlu/testing/work.ts).

/** `unit` repeated to exactly `n` characters. */
export function fill(unit: string, n: number): string {
  return unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
}

/** The hostile shapes by name, each a message of `n` characters; `request` is what the repeated-requests shape repeats. */
export function hostileShapes(request: string): Record<string, (n: number) => string> {
  return {
    'one character': (n) => 'a'.repeat(n),
    commas: (n) => ','.repeat(n),
    digits: (n) => fill('1234567890', n),
    'short words': (n) => fill('ab cd ef ', n),
    'accented words': (n) => fill('ação é você ', n),
    urls: (n) => fill('https://exemplo.com/a?b=c ', n),
    'repeated requests': (n) => fill(`${request.trim()} `, n),
  };
}
