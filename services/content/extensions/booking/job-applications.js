// POST /booking/job-applications: an application to a job offer with its CV, the CV stored where only staff can read
// it (docs/content-model.md, "Job applications").
//
// multipart/form-data with the text fields `job`, `name`, `email`, `phone`, `message` (optional) and one file field
// `cv`. The CV is read into memory up to MAX_CV_BYTES and no further (413 as soon as it passes), and must be a PDF by its
// first bytes (`%PDF-`), whatever its name or declared type (uploads.js, shared with documents.js). The job must be a
// published offer whose `closing_on` (if any) is not past in Panama (404 JOB_NOT_OPEN). Only when every check passed
// is the CV written, through Directus' FilesService, into the private folder "Job applications" with a neutral title and
// download name (`cv-<date>.pdf`: nothing the applicant named it is kept), and then the job_applications row pointing
// at it; should that row fail, the file is removed again, so a refusal never leaves anything behind.
//
// Both are written with the caller's identity (uploaded_by, the activity log) but the endpoint's own
// rights: the storefront has no write on directus_files and no read of that folder (the same pattern as
// POST /booking/payments and /booking/precheckin-documents).
import { Readable } from 'node:stream';
import { ids } from '../../schema/access.mjs';
import { createUpload, FILE_TYPES } from './uploads.js';

export const MAX_CV_BYTES = 5 * 1024 * 1024;
export const CV_TYPES = [FILE_TYPES.pdf];
const TEXT_FIELDS = ['job', 'name', 'email', 'phone', 'message'];
// Lengths as the storefront's form allows them (packages/domain, jobs); the columns hold 255 characters.
const MAX_LENGTH = { name: 200, email: 254, phone: 32, message: 2000 };
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
// Digits with an optional leading +, and the usual separators; 6 to 15 digits (E.164 has at most 15).
const PHONE = /^\+?[0-9 ()./-]+$/;
const PANAMA_OFFSET_MS = -5 * 60 * 60 * 1000;

/** Today's date in Panama (UTC-5, no daylight saving time), YYYY-MM-DD. */
const panamaToday = (now = Date.now()) => new Date(now + PANAMA_OFFSET_MS).toISOString().slice(0, 10);

/** The text fields trimmed and checked: { values } or { problem: { field, message } }. */
function checkApplicant(fields) {
  const values = {};
  for (const name of ['name', 'email', 'phone', 'message']) {
    const value = typeof fields[name] === 'string' ? fields[name].trim() : '';
    if (value.length > MAX_LENGTH[name]) return { problem: { field: name, message: `"${name}" must be at most ${MAX_LENGTH[name]} characters` } };
    values[name] = value;
  }
  for (const name of ['name', 'email', 'phone']) {
    if (!values[name]) return { problem: { field: name, message: `"${name}" is required` } };
  }
  if (!EMAIL.test(values.email)) return { problem: { field: 'email', message: '"email" must be an email address' } };
  const digits = values.phone.replace(/[^0-9]/g, '').length;
  if (!PHONE.test(values.phone) || digits < 6 || digits > 15) {
    return { problem: { field: 'phone', message: '"phone" must be a phone number (6 to 15 digits, + and separators allowed)' } };
  }
  return { values: { ...values, message: values.message || null } };
}

export function jobApplicationRoutes(router, { ItemsService, FilesService, handle, errorBody, invalid, logger }) {
  const upload = createUpload({
    fileField: 'cv', fileLabel: 'the CV', textFields: TEXT_FIELDS, maxBytes: MAX_CV_BYTES, types: CV_TYPES,
    // Room for a few fields too many, so that an unknown one is named; a message of 2,000 characters fits in 8 KB.
    limits: { fields: 8, parts: 9, fieldSize: 8 * 1024 },
  }, { errorBody, invalid });
  const notOpen = (res, job) => res.status(404).json(errorBody(`Job ${job} is not open for applications`, { code: 'JOB_NOT_OPEN', field: 'job' }));

  router.post('/job-applications', handle(async (req, res) => {
    const received = await upload.receive(req, res);
    if (!received) return undefined;
    const { fields, file } = received;
    if (!upload.onlyKnownFields(res, fields)) return undefined;

    const job = fields.job?.trim() ?? '';
    if (!/^[1-9][0-9]{0,15}$/.test(job) || !Number.isSafeInteger(Number(job))) {
      return invalid(res, 'job', '"job" must be the id of a job offer (an integer >= 1)');
    }
    const checked = checkApplicant(fields);
    if (checked.problem) return invalid(res, checked.problem.field, checked.problem.message);
    const found = upload.checkFile(res, file);
    if (!found) return undefined;

    // Through Directus (not the raw table) so that `closing_on` reads as YYYY-MM-DD on every engine.
    const [offer] = await new ItemsService('jobs', { schema: req.schema })
      .readByQuery({ filter: { id: { _eq: Number(job) } }, fields: ['id', 'status', 'closing_on'], limit: 1 });
    const closing = typeof offer?.closing_on === 'string' ? offer.closing_on.slice(0, 10) : null;
    if (!offer || offer.status !== 'published' || (closing && closing < panamaToday())) return notOpen(res, job);

    const accountability = { ...req.accountability, admin: true };
    const files = new FilesService({ schema: req.schema, accountability });
    const date = new Date().toISOString().slice(0, 10);
    const cv = await files.uploadOne(Readable.from(file.bytes), {
      folder: ids.jobApplicationsFolder,
      type: found.type,
      title: `CV ${date}`,
      filename_download: `cv-${date}.${found.extension}`,
      description: null,
      tags: ['job-application-cv'],
    });
    let id;
    try {
      id = await new ItemsService('job_applications', { schema: req.schema, accountability })
        .createOne({ job: Number(job), ...checked.values, cv });
    } catch (error) {
      await files.deleteOne(cv).catch((cleanupError) => {
        logger.error(cleanupError, `booking: could not remove the CV ${cv} of an application that was not saved`);
      });
      throw error;
    }
    return res.status(201).json({ data: { id } });
  }));
}
