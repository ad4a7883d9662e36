import { createHash } from 'node:crypto';
import { artisanMessages as m } from '#shared/artisan-messages.js';
import { ALOG_TIME_MAX_SECONDS, alogTemperatureRange } from '#shared/limits.js';
import { isRealIsoDate } from '#shared/schemas/common.js';
import type { ArtisanCurve, ArtisanEvents, WeightUnit } from '#shared/schemas/artisan.js';
import { type AlogDict, type AlogValue, AlogFormatError, decodeAlogBytes, decodeEscapes, parseAlog } from './alog-parser.js';

/**
 * What this app takes from an Artisan profile (docs/decisions/0026-artisan-alog-import.md),
 * with the field names and meanings of Artisan's own profile type:
 * `weight` [in, out, unit], `roastisodate` / `roastepoch` + `roasttzoffset`,
 * `roastbatchprefix` + `roastbatchnr`, `roastUUID`, the texts, and the curve
 * (`timex`, `temp1` = ET, `temp2` = BT, `mode`, `timeindex`).
 */
export interface AlogProfile {
  /** Artisan's roastUUID (32 hex, lowercase), or the first 32 hex of the file's SHA-256 when it has none. */
  roastUuid: string;
  uuidFromContent: boolean;
  /** The in-weight in grams, exact to the gram from the file's unit. */
  greenG: number;
  /** The out-weight in grams; null when the file says 0 (not weighed). */
  resultantG: number | null;
  weightUnit: WeightUnit;
  /** `YYYY-MM-DD`; null when the file has neither roastisodate nor roastepoch (a template), or no real day. */
  roastDate: string | null;
  /**
   * What the file wrote for its date when that is no day a calendar has (a
   * roastepoch past the year 9999, which JavaScript writes '+033658-09-…'):
   * quoted in the problem, never shown as a date; null otherwise.
   */
  badRoastDate: string | null;
  /** `roastbatchprefix` + `roastbatchnr` as Artisan shows it ('P173'); null without a batch number. */
  artisanBatch: string | null;
  title: string | null;
  beans: string | null;
  operator: string | null;
  /** Null when the file has no points (Artisan's templates may have none). */
  curve: ArtisanCurve | null;
  /** CHARGE or DROP not marked, or an event outside the curve, in Spanish: rules the import applies (#shared/artisan-row-rules). */
  eventProblems: string[];
}

/** Grams per unit as an exact fraction [numerator, denominator]: the pound is 453.59237 g by definition, the ounce 1/16 of it. */
const GRAMS_PER_UNIT: Readonly<Record<WeightUnit, readonly [bigint, bigint]>> = {
  g: [1n, 1n],
  Kg: [1000n, 1n],
  lb: [45_359_237n, 100_000n],
  oz: [28_349_523_125n, 1_000_000_000n],
};

/** Text fields are kept to a length a screen can show; Artisan's own are far shorter. */
const TEXT_MAX = 1000;

/** Reads an uploaded .alog file whole: bytes → literal → profile. Throws AlogFormatError with the Spanish reason. */
export function readAlogFile(bytes: Uint8Array): AlogProfile {
  return profileOf(parseAlog(decodeAlogBytes(bytes)), bytes);
}

export function profileOf(dict: AlogDict, bytes: Uint8Array): AlogProfile {
  const { greenG, resultantG, unit } = weights(dict.get('weight'));
  const batchNumber = dict.get('roastbatchnr');
  const prefix = text(dict.get('roastbatchprefix')) ?? '';
  const uuid = roastUuid(dict.get('roastUUID'), bytes);
  return {
    ...uuid,
    greenG,
    resultantG,
    weightUnit: unit,
    ...roastDate(dict),
    artisanBatch: typeof batchNumber === 'number' && Number.isInteger(batchNumber) && batchNumber > 0 ? `${prefix}${batchNumber}` : null,
    title: text(dict.get('title')),
    beans: text(dict.get('beans')),
    operator: text(dict.get('operator')),
    ...curve(dict),
  };
}

const isUnit = (unit: AlogValue | undefined): unit is WeightUnit => typeof unit === 'string' && Object.hasOwn(GRAMS_PER_UNIT, unit);

function weights(weight: AlogValue | undefined): { greenG: number; resultantG: number | null; unit: WeightUnit } {
  if (!Array.isArray(weight) || weight.length < 3) throw new AlogFormatError(m.weightMissing);
  const [green, out, unitValue] = weight;
  if (typeof green !== 'number' || typeof out !== 'number') throw new AlogFormatError(m.weightMissing);
  // Artisan's unit is a text; an older file may spell it in another case ('kg').
  const unit = typeof unitValue === 'string'
    ? (Object.keys(GRAMS_PER_UNIT) as WeightUnit[]).find((known) => known.toLowerCase() === unitValue.trim().toLowerCase())
    : undefined;
  if (!isUnit(unit)) throw new AlogFormatError(m.unknownUnit(typeof unitValue === 'string' ? decodeEscapes(unitValue).slice(0, 20) : String(unitValue)));
  return { greenG: toGrams(green, unit), resultantG: out === 0 ? null : toGrams(out, unit), unit };
}

/**
 * A weight in the file's unit as whole grams, rounded half away from zero,
 * computed exactly: the number's shortest decimal text (what Python's repr
 * wrote: `1718.9999999999998`, `6.288e-05`) times the unit's exact grams, in
 * integers. So 2.2 lb is 998 g (997.903214 g) on every machine, and a weight
 * typed in grams comes back to the same gram.
 */
export function toGrams(value: number, unit: WeightUnit): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) throw new AlogFormatError(m.weightMissing);
  const [, sign, whole = '', fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText) - fraction.length;
  // Beyond this the weight is absurd anyway (the form's limit is a million kilos); it also bounds the BigInt work.
  if (exponent > 30) throw new AlogFormatError(m.weightTooLarge);
  const digits = BigInt(whole + fraction);
  const [perUnit, per] = GRAMS_PER_UNIT[unit];
  let numerator = digits * perUnit;
  let denominator = per;
  if (exponent >= 0) numerator *= 10n ** BigInt(exponent);
  else denominator *= 10n ** BigInt(Math.min(-exponent, 400));
  const grams = (2n * numerator + denominator) / (2n * denominator);
  if (grams > BigInt(Number.MAX_SAFE_INTEGER)) throw new AlogFormatError(m.weightTooLarge);
  return sign === '-' && grams !== 0n ? -Number(grams) : Number(grams);
}



/**
 * The roast's day: `roastisodate`; without it, `roastepoch` (seconds since
 * 1970) shifted by `roasttzoffset`, which Artisan fills with Python's
 * `time.timezone`, seconds *west* of UTC (so local = epoch − offset); null
 * with neither (Artisan's templates have '' and 0).
 */
function roastDate(dict: AlogDict): { roastDate: string | null; badRoastDate: string | null } {
  const iso = text(dict.get('roastisodate'));
  if (iso !== null && isRealIsoDate(iso)) return { roastDate: iso, badRoastDate: null };
  const epoch = dict.get('roastepoch');
  if (typeof epoch !== 'number' || !Number.isFinite(epoch) || epoch <= 0) return { roastDate: null, badRoastDate: null };
  const offset = dict.get('roasttzoffset');
  const localSeconds = epoch - (typeof offset === 'number' && Math.abs(offset) <= 14 * 3600 ? offset : 0);
  const date = new Date(localSeconds * 1000);
  // Past ±8.64e15 ms there is no Date, and past the year 9999 toISOString writes a six-digit year.
  const day = Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
  return isRealIsoDate(day) ? { roastDate: day, badRoastDate: null } : { roastDate: null, badRoastDate: `roastepoch ${epoch}` };
}

function roastUuid(value: AlogValue | undefined, bytes: Uint8Array): { roastUuid: string; uuidFromContent: boolean } {
  const written = typeof value === 'string' ? value.trim().replaceAll('-', '').toLowerCase() : '';
  if (written === '') return { roastUuid: createHash('sha256').update(bytes).digest('hex').slice(0, 32), uuidFromContent: true };
  if (!/^[0-9a-f]{32}$/.test(written)) throw new AlogFormatError(m.badUuid);
  return { roastUuid: written, uuidFromContent: false };
}

/**
 * Controls but line breaks and tabs (NUL included: PostgreSQL text cannot hold
 * it), lone surrogates (stored differently by the two databases,
 * docs/decisions/0004) and what shows nothing or reorders text
 * (docs/decisions/0021): nothing a database or a screen should hold.
 */
const UNSAFE_TEXT = /(?![\n\t])[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/gu;

/**
 * One of Artisan's text fields, decoded once more (its `encodeLocal` wrote it
 * escape-encoded: 'Caf\\xe9' is 'Café'), made safe to store and show, in NFC;
 * null when empty or not a text.
 */
export function text(value: AlogValue | undefined): string | null {
  if (typeof value !== 'string') return null;
  const decoded = decodeEscapes(value).replace(/\r\n?/g, '\n').replace(UNSAFE_TEXT, '').normalize('NFC').trim();
  return decoded === '' ? null : decoded.slice(0, TEXT_MAX);
}

const EVENT_NAMES: readonly (keyof ArtisanEvents)[] = ['charge', 'dry_end', 'fc_start', 'fc_end', 'sc_start', 'sc_end', 'drop'];
/** Artisan's own names of the events, as its buttons show them, so a message points at the button to press. */
const ARTISAN_EVENT_NAMES: Readonly<Record<keyof ArtisanEvents, string>> = {
  charge: 'CHARGE', dry_end: 'DRY END', fc_start: 'FC START', fc_end: 'FC END', sc_start: 'SC START', sc_end: 'SC END', drop: 'DROP',
};
/** Without these two the roast has no start or end on its curve. */
const REQUIRED_EVENTS: readonly (keyof ArtisanEvents)[] = ['charge', 'drop'];

/** Seconds to the millisecond: Artisan's sample times carry float noise (12.000000000000002). */
const roundSeconds = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/**
 * The curve (docs/decisions/0026-artisan-alog-import.md): every sample of the file in its order,
 * `t` in seconds from CHARGE (negative before it), BT = `temp2` and ET = `temp1`, a `-1`
 * reading as null; and what its events break (eventSamples).
 */
function curve(dict: AlogDict): { curve: ArtisanCurve | null; eventProblems: string[] } {
  const mode = dict.get('mode') ?? 'C';
  if (mode !== 'C' && mode !== 'F') throw new AlogFormatError(m.badMode);
  const timex = dict.get('timex') ?? [];
  const et = dict.get('temp1') ?? [];
  const bt = dict.get('temp2') ?? [];
  if (!Array.isArray(timex) || !Array.isArray(et) || !Array.isArray(bt)) throw new AlogFormatError(m.curveNotNumeric);
  if (timex.length !== et.length || timex.length !== bt.length) throw new AlogFormatError(m.curveLengths);
  if (timex.length === 0) return { curve: null, eventProblems: [] };
  const times = timex.map((t) => {
    if (typeof t !== 'number') throw new AlogFormatError(m.curveNotNumeric);
    if (t < 0 || t > ALOG_TIME_MAX_SECONDS) throw new AlogFormatError(m.timeOutOfRange);
    return t;
  });
  const [coldest, hottest] = alogTemperatureRange(mode);
  const reading = (value: AlogValue | undefined): number | null => {
    if (value === null || value === -1) return null;
    if (typeof value !== 'number') throw new AlogFormatError(m.curveNotNumeric);
    if (value < coldest || value > hottest) throw new AlogFormatError(m.temperatureOutOfRange(mode));
    return value;
  };
  const { samples, problems } = eventSamples(dict.get('timeindex'), times);
  const chargeIndex = samples.charge;
  const zero = chargeIndex === undefined ? 0 : (times[chargeIndex] as number);
  const events = Object.fromEntries(
    EVENT_NAMES.map((name) => [name, samples[name] === undefined ? null : roundSeconds((times[samples[name]] as number) - zero)]),
  ) as unknown as ArtisanEvents;
  return {
    curve: { unit: mode, points: times.map((t, i) => ({ t: roundSeconds(t - zero), bt: reading(bt[i]), et: reading(et[i]) })), events },
    eventProblems: problems,
  };
}

/**
 * Which sample each event marks. Artisan's `timeindex` holds indices into `timex` (CHARGE -1
 * when unset, the others 0). Artisan's Kaleido templates (its Profiles/Kaleido folder) hold
 * the events' times in seconds there instead: [60, 480, 540, 630, 0, 0, 630, 0] over 64
 * samples 10 s apart, which read as indices put CHARGE at 10:00 and the rest past the curve.
 * So the indices are taken when every marked event lies within the samples; else the values
 * are read as times when each is a sample's time; else the events outside the curve are
 * problems. A marked event is never guessed: CHARGE or DROP unmarked is a problem too, named
 * with Artisan's own button (docs/product-guide.md#artisan-import).
 */
function eventSamples(indices: AlogValue | undefined, times: readonly number[]): {
  samples: Partial<Record<keyof ArtisanEvents, number>>;
  problems: string[];
} {
  const marked = EVENT_NAMES.flatMap((name, position) => {
    const value = Array.isArray(indices) ? indices[position] : undefined;
    // CHARGE may sit at sample 0; for every other event 0 means "not marked".
    if (typeof value !== 'number' || !Number.isInteger(value) || value < (position === 0 ? 0 : 1)) return [];
    return [{ name, value }];
  });
  const asIndices = marked.map(({ name, value }) => ({ name, value, sample: value < times.length ? value : undefined }));
  const asSeconds = marked.map(({ name, value }) => ({ name, value, sample: sampleAtTime(times, value) }));
  const within = (reading: typeof asIndices) => reading.every(({ sample }) => sample !== undefined);
  const reading = within(asIndices) || !within(asSeconds) ? asIndices : asSeconds;
  const samples: Partial<Record<keyof ArtisanEvents, number>> = {};
  const problems: string[] = [];
  for (const { name, value, sample } of reading) {
    if (sample === undefined) problems.push(m.eventOutOfRange(m.events[name], ARTISAN_EVENT_NAMES[name], value, times.length));
    else samples[name] = sample;
  }
  const missing = REQUIRED_EVENTS.filter((name) => !marked.some((event) => event.name === name));
  problems.unshift(...missing.map((name) => m.eventMissing(m.events[name], ARTISAN_EVENT_NAMES[name])));
  return { samples, problems };
}

/** The sample recorded at `seconds` (within half a second: Artisan's times carry float noise), or undefined. */
function sampleAtTime(times: readonly number[], seconds: number): number | undefined {
  const index = times.findIndex((t) => Math.abs(t - seconds) < 0.5);
  return index === -1 ? undefined : index;
}
