// Real Chromium for browser tests: Debian's /usr/bin/chromium driven by playwright-core (no browser download).
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM = process.env.SWITCHBOARD_CHROMIUM ?? '/usr/bin/chromium';
const RESULTS_DIR = resolve(import.meta.dirname, '../../test-results');

/** Why browser tests cannot run here, or null. In CI a missing Chromium is a failure, not a skip. */
export function browserSkipReason(): string | null {
  if (existsSync(CHROMIUM) || process.env.CI) return null;
  return `browser tests skipped: ${CHROMIUM} is missing (install it with \`apt-get install -y chromium\`)`;
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: CI must install Debian's chromium (apt-get install -y chromium)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export function resultPath(name: string): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  return resolve(RESULTS_DIR, name);
}
