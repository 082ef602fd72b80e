// Income-based eligibility. Thresholds are multiples of the minimum wage per person and come from
// bot.yaml `settings` (prouni_integral_max, prouni_parcial_max); the defaults are the Prouni rules.

export type EligibilityKind = 'prouni_integral' | 'prouni_parcial' | 'sisu';

export interface EligibilityThresholds {
  /** Full scholarship up to this many minimum wages per person (inclusive). */
  integralMax: number;
  /** Partial scholarship up to this many minimum wages per person (inclusive). */
  parcialMax: number;
}

const DEFAULT_THRESHOLDS: EligibilityThresholds = { integralMax: 1.5, parcialMax: 3 };

export interface Eligibility {
  kind: EligibilityKind;
  /** Income per person divided by the minimum wage. */
  ratio: number;
}

// Money is compared in cents, so 1.5 × 1412 = 2118.00 lands on the boundary regardless of float noise.
const cents = (value: number) => Math.round(value * 100);

export function computeEligibility(
  incomePerCapita: number,
  minimumWage: number,
  thresholds: EligibilityThresholds = DEFAULT_THRESHOLDS,
): Eligibility {
  if (!Number.isFinite(incomePerCapita) || incomePerCapita < 0) throw new RangeError(`invalid income per capita: ${incomePerCapita}`);
  if (!Number.isFinite(minimumWage) || minimumWage <= 0) throw new RangeError(`invalid minimum wage: ${minimumWage}`);
  const ratio = incomePerCapita / minimumWage;
  const income = cents(incomePerCapita);
  if (income <= cents(thresholds.integralMax * minimumWage)) return { kind: 'prouni_integral', ratio };
  if (income <= cents(thresholds.parcialMax * minimumWage)) return { kind: 'prouni_parcial', ratio };
  return { kind: 'sisu', ratio };
}

/** Thresholds and wage from a bot's `settings` block, falling back to the defaults. */
export function eligibilitySettings(settings: Record<string, unknown>): { minimumWage: number; thresholds: EligibilityThresholds } {
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : d);
  return {
    minimumWage: num(settings.minimum_wage, 1412),
    thresholds: {
      integralMax: num(settings.prouni_integral_max, DEFAULT_THRESHOLDS.integralMax),
      parcialMax: num(settings.prouni_parcial_max, DEFAULT_THRESHOLDS.parcialMax),
    },
  };
}
