/**
 * The content seam: the only code in the storefront that knows the content service (Directus, its SDK, its
 * collections and field names). Every read and write of content and records goes through these functions, which
 * check what comes back with zod and return the storefront's own types with English names.
 */
export { ContentServiceError } from './errors';
export { assetUrl } from './client';
export { ALL_CONTENT_TAG, CONTENT_MAX_AGE_SECONDS, READ_COLLECTIONS, collectionTag, tagsForCollection } from './cache';
export type { Localized } from './fields';
export type { SafeHtml } from './rich-text';
export { DEFAULT_HOLDS_PER_CLIENT, SiteConfigError, getBrandSummaries, getSiteConfig } from './site-config';
export type { BrandSummary, CallToAction, SiteConfig, SiteText } from './site-config';
export { loadAppData } from './app-data';
export { getFleet } from './fleet';
export type { Availability, Car, CarPicture, FleetResult } from './fleet';
export { fetchPublicPicture, readPublicPicture } from './media';
export type { PictureBytes } from './media';
export { getBranches } from './branches';
export type { Branch } from './branches';
export { getBookingCatalog } from './booking-catalog';
export type { BookingCatalog, Coverage, DeliveryOption, Extra } from './booking-catalog';
export { getInfoPages, withSiteSettings } from './info-pages';
export type { InfoPage } from './info-pages';
export { getPublishedPromos } from './promos';
export type { Promo, PromoSeason } from './promos';
export { getJobs } from './jobs';
export type { Job } from './jobs';
export { findCoupon } from './coupons';
export type { StoredCoupon } from './coupons';
export { availabilityAt, stockChanged } from './stock';
export {
  claimReservationNotice,
  findReservationByNumberAndEmail,
  insertReservation,
  markReservationCancelled,
  readCompanyReservation,
  readCompanyReservations,
  readReservationById,
  releaseReservationNotice,
  updateReservationDates,
} from './reservations';
export type {
  CorporateBooking,
  HoldLimit,
  NewReservation,
  ReservationChange,
  ReservationClient,
  ReservationTotals,
  ReservationWrite,
  SavedReservation,
} from './reservations';
export { createDraft, readDraft, saveDraft } from './drafts';
export type { StoredDraft } from './drafts';
export {
  expirePaymentHolds,
  isContentConflict,
  readOpenPayments,
  readPaymentByKey,
  readPaymentByReference,
  readReservationPayments,
  recordPayment,
} from './payments';
export type { PaymentKind, PaymentRecord, PaymentUpdate, RecordedPayment } from './payments';
export { readPrecheckin, saveDetails, savePreferences, setPrecheckinStatus } from './precheckins';
export type { Precheckin, PrecheckinDetails, PrecheckinPreferences } from './precheckins';
export { assignCounterVehicle, claimReturnCollection, claimReturnReceipt, readRentalClosing, recordCounterAction, releaseReturnCollection, releaseReturnReceipt, storeCounterPhoto } from './counter-writes';
export type { CounterActionPath, CounterWriteRefusal, CounterWrite, RentalClosing, StoredPhoto } from './counter-writes';
export { storeDocument } from './documents';
export type { StoredDocument } from './documents';
export { storeApplication } from './job-applications';
export type { StoredApplication } from './job-applications';
export { readCompany, saveLead } from './corporate';
export { requestDataCopy, requestDataErasure } from './data-rights';
export type { DataCopy, DataRightsOutcome, DataRightsProof } from './data-rights';
export type { Company } from './corporate';
export {
  acceptInvitation,
  endAllSessions,
  endSession,
  fetchAgent,
  languageOf,
  loginWithPassword,
  refreshTokens,
  register,
  requestPasswordReset,
  resetPassword,
  verifyRegistration,
} from './accounts';
export type { Agent, RegistrationOutcome, SessionTokens } from './accounts';
export { hitRateLimit } from './rate-limits';
export type { RateLimitOutcome, RateLimitRule } from './rate-limits';
export { recheckContent } from './recheck';
export type { RecheckResult } from './recheck';
export { scheduleStartupRecheck } from './startup-recheck';
export { pingContentService } from './health';
export type { ContentHealth } from './health';
export { CALLBACK_KINDS, CALLBACK_SECRET_HEADER, CALLBACK_SECRET_NAMES, callbackPath, contentCallback, isCallbackKind, isValidSecret, revalidationPayloadSchema, unknownCallback } from './callbacks';
export type { CallbackHandler, CallbackKind } from './callbacks';
export { fetchCounterUser, openCounterFile, readCounterDay, readCounterReservation } from './counter';
export { changeVehicleStatus, readCounterFleet } from './counter';
export type { CounterFleet, CounterFleetQuery, CounterFleetUnit } from './counter';
export type {
  CounterAllowed,
  CounterBranch,
  CounterDayList,
  CounterDayRow,
  CounterVehicle,
  CounterDriver,
  CounterPayment,
  CounterPrecheckin,
  CounterRefusal,
  CounterReservation,
  CounterUser,
} from './counter';
