import 'server-only';
import { evaluateCoupon, type CouponRejectionReason } from '@rentacar/domain/coupons';
import { formatPanamaDate, parseLocalDate, parsePanamaDateTime } from '@rentacar/domain/dates';
import { availabilityForDates, isBookableForDays, isReservable, type DatedAvailability, type StockForDates } from '@rentacar/domain/fleet';
import { quote, quoteBothWays, quoteLines, QuoteError, youngDriverBandFor, type Quote, type QuoteCoverage, type QuoteInput, type QuoteLine, type ReservationType } from '@rentacar/domain/quote';
import { classOccupancyPercent, type RatePlanTerms } from '@rentacar/domain/rates';
import { ageOnDate, locationFormIssues, type LocationIssue } from '@rentacar/domain/validation';
import {
  availabilityAt,
  findCoupon,
  getBookingCatalog,
  getBranches,
  loadAppData,
  readCompany,
  type BookingCatalog,
  type Branch,
  type Car,
  type Company,
  type Coverage,
  type DeliveryOption,
  type FleetResult,
  type SiteConfig,
} from '@/content';
import { DEFAULT_LOCALE } from '@/i18n/routing';
import { issue, type BookingIssue, type IssueMessage } from '@/lib/issues';
import { SELECTION_FIELDS, type BookingSelection } from './quote-request';
import { logFor } from '@/lib/log';

const log = logFor('fleet');

/** The coverage a quote uses before the renter picks one: the cheapest, which is the mandatory liability cover. */
export function basicCoverage(coverages: readonly Coverage[]): Coverage | undefined {
  return [...coverages].sort((a, b) => a.dailyRateSedan - b.dailyRateSedan)[0];
}

/** A coverage's terms for the quote: its rates, whether it includes ERA, and the extras it includes (priced at zero). */
export function coverageTerms(coverage: Coverage): QuoteCoverage {
  return { dailyRateSedan: coverage.dailyRateSedan, dailyRateOther: coverage.dailyRateOther, includesEra: coverage.includesEra, includedExtras: coverage.includedExtras };
}

/** Everything a priced selection refers to, resolved from the content service's (cached) data. */
export type PricedBooking = {
  selection: BookingSelection;
  site: SiteConfig;
  car: Car;
  pickupBranch: Branch;
  returnBranch: Branch;
  coverage: Coverage;
  delivery: DeliveryOption | undefined;
  catalog: BookingCatalog;
  /** The applied coupon's code (upper case) and id, when one was given and is valid. */
  coupon: { id: string; code: string } | undefined;
  /** A corporate agent's booking: the company whose rate applies (a line of the bill) and the agent. */
  corporate: { company: Company; agentId: string } | undefined;
  /** The quote's terms, every choice resolved (coupon and company rate included): another payment type is priced from them. */
  input: QuoteInput;
  quote: Quote;
  lines: QuoteLine[];
};

/** `refusedCoupon`: the coupon left out of the price, and why, when the caller asked for that rather than a refusal. */
export type PricingResult = { ok: true; booking: PricedBooking; refusedCoupon?: BookingIssue } | { ok: false; issues: BookingIssue[] };

/** The content a price is computed from: the site config and fleet, the branches, and the booking catalogue. */
export type PricingContent = {
  appData: { site: SiteConfig; fleet: FleetResult };
  branches: Branch[];
  catalog: BookingCatalog;
};

/** The tagged cache: what every page, action and route of the storefront prices from. */
export async function cachedPricingContent(): Promise<PricingContent> {
  // Prices read a branch's fee and hours, never its words: the default language's copy serves every page.
  const [appData, branches, catalog] = await Promise.all([loadAppData(), getBranches(DEFAULT_LOCALE), getBookingCatalog()]);
  return { appData, branches, catalog };
}

const COUPON_MESSAGES: Record<CouponRejectionReason, IssueMessage> = {
  unknown: 'booking.errors.couponUnknown',
  inactive: 'booking.errors.couponInactive',
  not_started: 'booking.errors.couponNotStarted',
  expired: 'booking.errors.couponExpired',
  wrong_brand: 'booking.errors.couponWrongBrand',
  below_min_days: 'booking.errors.couponBelowMinDays',
  used_up: 'booking.errors.couponUsedUp',
};

/** A branch given by id or by code (`PTY`), as links and the search form carry it. */
export function findBranch(branches: readonly Branch[], reference: string): Branch | undefined {
  const wanted = reference.trim();
  return branches.find((branch) => branch.id === wanted) ?? branches.find((branch) => branch.code.toUpperCase() === wanted.toUpperCase());
}

const LOCATION_FIELDS: Record<LocationIssue['path'], string> = {
  pickupDate: SELECTION_FIELDS.pickupAt,
  returnDate: SELECTION_FIELDS.returnAt,
};

/**
 * The dates and branches rules, as the location form checks them in the browser: 30-minute slots inside the
 * branches' hours, not in the past, same-day notice, `disable_reservations_until`, return after pickup, the car's
 * minimum days and the brand's longest online rental.
 */
export function locationIssues(
  selection: Pick<BookingSelection, 'pickupAt' | 'returnAt'>,
  pickupBranch: Branch,
  returnBranch: Branch,
  site: SiteConfig,
  minimumDays: number | undefined,
  now: Date,
): BookingIssue[] {
  const found = locationFormIssues(
    { pickupBranchId: pickupBranch.id, returnBranchId: returnBranch.id, pickupDate: selection.pickupAt, returnDate: selection.returnAt },
    {
      now,
      hoursFor: (id) => (id === pickupBranch.id ? pickupBranch.openingHours : id === returnBranch.id ? returnBranch.openingHours : undefined),
      disableReservationsUntil: site.disableReservationsUntil ?? null,
      sameDayNoticeHours: site.sameDayNoticeHours,
      maximumDays: site.reservationMaxDays,
      ...(minimumDays === undefined ? {} : { minimumDays }),
    },
  );
  return found.map((entry) => issue(LOCATION_FIELDS[entry.path], entry.message, entry.params));
}

/**
 * The renter's age on the pickup date: from the birthday once known (an unreadable one is ignored: the client form
 * reports it), else the age band the search asked (`driverAge`, the band's lowest age), else unknown.
 */
export function driverAgeAtPickup(selection: { birthday?: string | undefined; driverAge?: number | undefined; pickupAt: string }): number | undefined {
  const pickup = parsePanamaDateTime(selection.pickupAt);
  if (selection.birthday && parseLocalDate(selection.birthday) !== null && pickup !== null) return ageOnDate(selection.birthday, formatPanamaDate(pickup));
  return selection.driverAge;
}

/** The young-driver band of the renter (by `driverAgeAtPickup`); none while the age is unknown. */
function youngDriverFor(site: SiteConfig, selection: { birthday?: string | undefined; driverAge?: number | undefined; pickupAt: string }) {
  const age = driverAgeAtPickup(selection);
  return age === undefined ? null : youngDriverBandFor(site.youngDriverFees, age);
}

/**
 * How full the car's class is at the pickup branch over the rental, in %, from the stock the booking checks (units and
 * units taken per car, GET /booking/availability): the units taken of every car of the class over their units
 * (`classOccupancyPercent`). A car without a class is measured alone. Null when the branch has none of it.
 */
function occupancyOf(car: Car, cars: readonly Car[], stock: Record<string, StockForDates>): number | null {
  const classOf = (candidate: Car) => candidate.classCode ?? `car:${candidate.id}`;
  return classOccupancyPercent(stock, cars.map((candidate) => ({ id: candidate.id, classCode: classOf(candidate) })), classOf(car));
}

/**
 * The stock at the pickup branch for the dates, read only when the brand has demand-aware prices on (it is what they
 * measure); undefined when it is off, or when the stock cannot be read: prices then carry no demand step (the booking
 * itself checks the stock in the content service).
 */
async function stockForDemand(site: SiteConfig, pickupBranch: Branch, returnBranch: Branch, pickupAt: string, returnAt: string): Promise<Record<string, StockForDates> | undefined> {
  if (!site.demand.enabled) return undefined;
  try {
    return await availabilityAt({ branchId: pickupBranch.id, returnBranchId: returnBranch.id, pickupAt, returnAt, brand: site.brand });
  } catch (error) {
    log.error({ err: error }, 'stock for the demand step could not be read');
    return undefined;
  }
}

type QuoteParts = {
  car: Car;
  coverage: Coverage;
  site: SiteConfig;
  catalog: BookingCatalog;
  pickupBranch: Branch;
  returnBranch: Branch;
  delivery: DeliveryOption | undefined;
  selection: Pick<BookingSelection, 'pickupAt' | 'returnAt' | 'reservationType' | 'era' | 'extras' | 'birthday' | 'driverAge'>;
  /** How full the car's class is at the pickup branch over the rental (`occupancyOf`); null = unknown. */
  occupancyPercent: number | null;
};

/** The domain quote's input: the one place content-service data becomes the quote's terms. */
function quoteInputFor({ car, coverage, site, catalog, pickupBranch, returnBranch, delivery, selection, occupancyPercent }: QuoteParts): QuoteInput {
  return {
    car: { type: car.type, dailyRate: car.dailyRate, prepaidDiscountPercent: car.discountPercent, carClass: car.classCode },
    pickupAt: selection.pickupAt,
    returnAt: selection.returnAt,
    reservationType: selection.reservationType,
    coverage: coverageTerms(coverage),
    era: selection.era,
    eraDailyRate: site.eraDailyRate,
    extras: selection.extras.flatMap((chosen) => {
      const extra = catalog.extras.find((candidate) => candidate.code === chosen.code);
      return extra ? [{ code: extra.code, dailyRate: extra.dailyRate, quantity: chosen.quantity, maxPerRental: extra.maxPerRental ?? null }] : [];
    }),
    youngDriver: youngDriverFor(site, selection),
    pickupBranch: { id: pickupBranch.id, airportFeePercent: pickupBranch.airportFeePercent },
    returnBranch: { id: returnBranch.id },
    dropoffFees: catalog.dropoffFees,
    delivery: delivery ? { price: delivery.price, description: delivery.code } : null,
    taxRatePercent: site.taxRatePercent,
    brand: site.brand,
    seasons: catalog.seasons,
    lengthDiscounts: catalog.lengthDiscounts,
    demand: { settings: site.demand, occupancyPercent },
  };
}

export type PricingOptions = {
  now?: Date;
  /** A saved reservation being changed already counted its coupon: its own redemption must not make it "used up". */
  redeemedCoupon?: boolean;
  /** The content to price from when the caller holds it; else the tagged cache's. */
  content?: PricingContent;
  /**
   * What a coupon that does not apply does: `refuse` the selection (the API, a coupon being applied), or `drop` it from
   * the price and hand its reason back (a draft whose dates changed under a promotion's code, a coupon run out since,
   * a change to a saved reservation): the booking is never blocked by it.
   */
  unusableCoupon?: 'refuse' | 'drop';
};

/**
 * Prices a selection from the content service's data, checking every rule the browser checks, and the coupon. The
 * one place the storefront turns a renter's choices into money: the fleet cards, the flow's bill, the API, the saved
 * reservation and the email all come from here. Reads come from the tagged cache; only a coupon (read once) and a
 * company's rate are read fresh.
 */
export async function priceSelection(
  selection: BookingSelection,
  { now = new Date(), redeemedCoupon = false, content, unusableCoupon = 'refuse' }: PricingOptions = {},
): Promise<PricingResult> {
  const {
    appData: { site, fleet },
    branches,
    catalog,
  } = content ?? (await cachedPricingContent());
  const issues: BookingIssue[] = [];

  const car = fleet.cars.find((candidate) => candidate.id === selection.carId);
  if (!car) issues.push(issue(SELECTION_FIELDS.carId, 'booking.errors.carNotOffered', { siteName: site.siteName }));
  else if (!isReservable(car.status)) issues.push(issue(SELECTION_FIELDS.carId, 'booking.errors.carUnavailable'));

  const pickupBranch = findBranch(branches, selection.pickupBranch);
  const returnBranch = findBranch(branches, selection.returnBranch);
  if (!pickupBranch) issues.push(issue(SELECTION_FIELDS.pickupBranch, 'booking.errors.unknownBranch'));
  if (!returnBranch) issues.push(issue(SELECTION_FIELDS.returnBranch, 'booking.errors.unknownBranch'));
  if (pickupBranch && returnBranch) {
    issues.push(...locationIssues(selection, pickupBranch, returnBranch, site, car?.minimumDays, now));
  }

  // An age asked by the search below the brand's minimum renter age (the form never offers one; a typed address might).
  if (!selection.birthday && selection.driverAge !== undefined && selection.driverAge < site.minimumRenterAge) {
    issues.push(issue(SELECTION_FIELDS.driverAge, 'validation.minAge', { minimumAge: site.minimumRenterAge }));
  }

  const coverage = catalog.coverages.find((candidate) => candidate.id === selection.coverageId);
  if (!coverage) issues.push(issue(SELECTION_FIELDS.coverageId, 'validation.coverageRequired'));

  for (const chosen of selection.extras) {
    const extra = catalog.extras.find((candidate) => candidate.code === chosen.code);
    if (!extra) issues.push(issue(`${SELECTION_FIELDS.extras}.${chosen.code}`, 'booking.errors.unknownExtra'));
    else if (chosen.quantity > extra.maxQuantity) {
      issues.push(issue(`${SELECTION_FIELDS.extras}.${chosen.code}`, 'booking.errors.tooManyExtras', { max: extra.maxQuantity }));
    }
  }

  const delivery = selection.deliveryOptionId === undefined ? undefined : catalog.deliveryOptions.find((option) => option.id === selection.deliveryOptionId);
  if (selection.deliveryOptionId !== undefined && !delivery) issues.push(issue(SELECTION_FIELDS.deliveryOptionId, 'booking.errors.unknownDelivery'));

  if (issues.length > 0 || !car || !pickupBranch || !returnBranch || !coverage) return { ok: false, issues };

  // The company's rate as it is now; a company gone or unpublished books at the public rate.
  const company = selection.corporate ? await readCompany(selection.corporate.companyId) : undefined;
  const corporate = company && selection.corporate ? { company, agentId: selection.corporate.agentId } : undefined;
  const stock = await stockForDemand(site, pickupBranch, returnBranch, selection.pickupAt, selection.returnAt);
  const occupancyPercent = stock === undefined ? null : occupancyOf(car, fleet.cars, stock);
  const input: QuoteInput = {
    ...quoteInputFor({ car, coverage, site, catalog, pickupBranch, returnBranch, delivery, selection, occupancyPercent }),
    corporateRate: corporate ? { discountPercent: corporate.company.discountPercent } : null,
  };

  let coupon: PricedBooking['coupon'];
  let refusedCoupon: BookingIssue | undefined;
  try {
    let couponDiscount = null;
    if (selection.couponCode !== undefined) {
      const days = quote(input).days;
      const found = await findCoupon(selection.couponCode);
      const counted = redeemedCoupon && found ? { ...found.coupon, redemptionsCount: Math.max(0, found.coupon.redemptionsCount - 1) } : found?.coupon;
      const evaluation = evaluateCoupon(counted, { brand: site.brand, days, now });
      if (!evaluation.ok) {
        const params = { siteName: site.siteName, days: found?.coupon.minDays ?? 0 };
        refusedCoupon = issue(SELECTION_FIELDS.couponCode, COUPON_MESSAGES[evaluation.reason], params, `coupon_${evaluation.reason}`);
        if (unusableCoupon === 'refuse') return { ok: false, issues: [refusedCoupon] };
      } else {
        couponDiscount = evaluation.discount;
        coupon = found ? { id: found.id, code: evaluation.code } : undefined;
      }
    }
    const terms: QuoteInput = { ...input, coupon: couponDiscount };
    const result = quote(terms);
    const booking: PricedBooking = {
      selection: refusedCoupon ? { ...selection, couponCode: undefined } : selection,
      site,
      car,
      pickupBranch,
      returnBranch,
      coverage,
      delivery,
      catalog,
      coupon,
      corporate,
      input: terms,
      quote: result,
      lines: quoteLines(result),
    };
    return refusedCoupon ? { ok: true, booking, refusedCoupon } : { ok: true, booking };
  } catch (error) {
    if (error instanceof QuoteError) {
      const field = error.code === 'car_not_offered' ? SELECTION_FIELDS.carId : error.code === 'invalid_period' ? SELECTION_FIELDS.returnAt : SELECTION_FIELDS.carId;
      return { ok: false, issues: [issue(field, error.code === 'car_not_offered' ? 'booking.errors.carNotOffered' : 'booking.errors.invalidValue', { siteName: site.siteName }, error.code)] };
    }
    throw error;
  }
}

export type FleetCarOffer = {
  availability: DatedAvailability;
  /** Why the car cannot be booked for these dates, or undefined when it can. */
  refusal: 'soldOut' | 'belowMinimum' | 'unavailable' | undefined;
  /** The all-in total for the dates with the mandatory cover (Law 473), paid at the counter, in cents. */
  total: number;
  /** The same all-in total paid now, at the prepaid price (the quote's prepaid type), in cents. */
  payNowTotal: number;
  /** total − payNowTotal: what paying now saves (0 without a prepaid discount). */
  payNowSaving: number;
  /** What the rate plans did to that total (seasons, demand, length discount), for the card to say. */
  ratePlans: Pick<Quote, 'seasons' | 'demandPercent' | 'lengthDiscountTier'>;
};

export type FleetForDates =
  | { ok: true; days: number; pickupBranch: Branch; returnBranch: Branch; offers: Map<string, FleetCarOffer> }
  | { ok: false; issues: BookingIssue[] };

/**
 * Every car of the fleet for a search: its all-in totals (basic coverage, nothing else chosen, paid at the counter
 * and paid now), whether stock is left at the pickup branch, and why it cannot be booked. Prices through the same
 * quote as the bill, with the young-driver fee of the age band the search asked (`driverAge`, none when not asked).
 */
export async function priceFleetForDates(
  search: Pick<BookingSelection, 'pickupBranch' | 'returnBranch' | 'pickupAt' | 'returnAt'> & { driverAge?: number | undefined },
  { now = new Date() }: { now?: Date } = {},
): Promise<FleetForDates> {
  const {
    appData: { site, fleet },
    branches,
    catalog,
  } = await cachedPricingContent();
  const pickupBranch = findBranch(branches, search.pickupBranch);
  const returnBranch = findBranch(branches, search.returnBranch || search.pickupBranch);
  if (!pickupBranch || !returnBranch) {
    return { ok: false, issues: [issue(pickupBranch ? SELECTION_FIELDS.returnBranch : SELECTION_FIELDS.pickupBranch, 'booking.errors.unknownBranch')] };
  }
  const issues = locationIssues(search, pickupBranch, returnBranch, site, undefined, now);
  const coverage = basicCoverage(catalog.coverages);
  if (issues.length > 0 || !coverage) return { ok: false, issues: issues.length > 0 ? issues : [issue(SELECTION_FIELDS.coverageId, 'validation.coverageRequired')] };

  let stock: Record<string, StockForDates> | undefined;
  try {
    stock = await availabilityAt({ branchId: pickupBranch.id, returnBranchId: returnBranch.id, pickupAt: search.pickupAt, returnAt: search.returnAt, brand: site.brand });
  } catch (error) {
    // Prices still show; the booking itself checks stock in the content service.
    log.error({ err: error }, 'stock for the dates could not be read');
  }
  const selection = { pickupAt: search.pickupAt, returnAt: search.returnAt, reservationType: 'postpaid' as const, era: false, extras: [], birthday: undefined, driverAge: search.driverAge };
  const offers = new Map<string, FleetCarOffer>();
  let days = 1;
  for (const car of fleet.cars) {
    const occupancyPercent = stock === undefined || !site.demand.enabled ? null : occupancyOf(car, fleet.cars, stock);
    const { atCounter, payNow, payNowSaving } = quoteBothWays(quoteInputFor({ car, coverage, site, catalog, pickupBranch, returnBranch, delivery: undefined, selection, occupancyPercent }));
    days = atCounter.days;
    const availability = stock === undefined ? car.status : availabilityForDates(car.status, stock[car.id]);
    const refusal = availability === 'unavailable' ? 'unavailable' : availability === 'soldOut' ? 'soldOut' : isBookableForDays(car.minimumDays, atCounter.days) ? undefined : 'belowMinimum';
    offers.set(car.id, {
      availability,
      refusal,
      total: atCounter.total,
      payNowTotal: payNow.total,
      payNowSaving,
      ratePlans: { seasons: atCounter.seasons, demandPercent: atCounter.demandPercent, lengthDiscountTier: atCounter.lengthDiscountTier },
    });
  }
  return { ok: true, days, pickupBranch, returnBranch, offers };
}

/**
 * The same booking paid the other way (at the counter or now, at the prepaid price): the quote of the terms already
 * resolved, so the checkout can show both totals from one pricing.
 */
export function quoteAs(booking: PricedBooking, reservationType: ReservationType): Quote {
  return reservationType === booking.selection.reservationType ? booking.quote : quote({ ...booking.input, reservationType });
}

/** The rate-plan terms a booking was priced with (seasons, length discounts, demand): what a price hold keeps. */
export function ratePlanTermsOf(booking: PricedBooking): RatePlanTerms {
  return { seasons: booking.input.seasons ?? [], lengthDiscounts: booking.input.lengthDiscounts ?? [], demand: booking.input.demand ?? null };
}

/** The same booking priced with other rate-plan terms (a price hold's): every other term as resolved. */
export function pricedWithTerms(booking: PricedBooking, terms: RatePlanTerms): PricedBooking {
  const input: QuoteInput = { ...booking.input, seasons: terms.seasons, lengthDiscounts: terms.lengthDiscounts, demand: terms.demand };
  const result = quote(input);
  return { ...booking, input, quote: result, lines: quoteLines(result) };
}
