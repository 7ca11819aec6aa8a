// POST /job-applications: an application to a job offer with its CV, the CV stored where only staff can read it
// (docs/content-model.md, "Job applications").
//
// multipart/form-data with the text fields `job`, `name`, `email`, `phone`, `message` (optional) and one file field
// `cv`. The CV is read into memory up to the domain's MAX_CV_BYTES and no further (413 as soon as it passes), and must
// be a PDF by its first bytes (`%PDF-`), whatever its name or declared type (shared/uploads.ts). The job must be a
// published offer that is still open on today's Panama date (404 JOB_NOT_OPEN). Only when every check passed is the CV
// written, through Directus' FilesService, into the private folder "Job applications" with a neutral title and
// download name (`cv-<date>.pdf`: nothing the applicant named it is kept), and then the job_applications row pointing
// at it; should that row fail, the file is removed again, so a refusal never leaves anything behind.
//
// Both are written with the caller's identity (uploaded_by, the activity log) but the endpoint's own rights: the
// storefront has no write on directus_files and no read of that folder (the same pattern as POST /payments-ledger and
// /precheckin-documents). Only administrators and the Storefront policy may call it.
import { Readable } from 'node:stream';
import { formatPanamaDate } from '@rentacar/domain/dates';
import { CV_TYPE, isJobOpenOn, MAX_CV_BYTES } from '@rentacar/domain/jobs';
import type { Response } from 'express';
import { defineEndpoint } from '../../shared/define';
import { ids, withEndpointRights } from '../../shared/directus';
import { endpointKit, errorBody, invalid } from '../../shared/endpoint';
import { createUpload, datedUpload } from '../../shared/uploads';
import { checkApplicant, jobIdOf } from './applicant';

const TEXT_FIELDS = ['job', 'name', 'email', 'phone', 'message'];

const cvUpload = createUpload({
  fileField: 'cv', fileLabel: 'the CV', textFields: TEXT_FIELDS, maxBytes: MAX_CV_BYTES, types: [CV_TYPE],
  // Room for a few fields too many, so that an unknown one is named; a message of 2,000 characters fits in 8 KB.
  limits: { fields: 8, parts: 9, fieldSize: 8 * 1024 },
});

const notOpen = (res: Response, job: number) => res.status(404).json(errorBody(`Job ${job} is not open for applications`, { code: 'JOB_NOT_OPEN', field: 'job' }));

export default defineEndpoint({
  id: 'job-applications',
  handler: (router, { services, database, logger }) => {
    const { ItemsService, FilesService } = services;
    const { handle, onlyStorefront } = endpointKit({ id: 'job-applications', database, logger });

    router.use(onlyStorefront);

    router.post('/', handle(async (req, res) => {
      const received = await cvUpload.receive(req, res);
      if (!received) return undefined;
      const { fields, file } = received;

      const job = jobIdOf(fields.job);
      if (job === null) return invalid(res, 'job', '"job" must be the id of a job offer (an integer >= 1)');
      const checked = checkApplicant(fields);
      if ('problem' in checked) return invalid(res, checked.problem.field, checked.problem.message);
      const found = cvUpload.checkFile(res, file);
      if (!found || !file) return undefined;

      // Through Directus (not the raw table) so that `closing_on` reads as YYYY-MM-DD on every engine.
      const [offer] = (await new ItemsService('jobs', { schema: req.schema })
        .readByQuery({ filter: { id: { _eq: job } }, fields: ['id', 'status', 'closing_on'], limit: 1 })) as
        { id: number; status: string | null; closing_on: unknown }[];
      const closing = typeof offer?.closing_on === 'string' ? offer.closing_on : null;
      if (!offer || offer.status !== 'published' || !isJobOpenOn(closing, formatPanamaDate(new Date()))) return notOpen(res, job);

      const accountability = withEndpointRights(req.accountability);
      const files = new FilesService({ schema: req.schema, accountability });
      const cv = await files.uploadOne(Readable.from(file.bytes), datedUpload({
        folder: ids.jobApplicationsFolder, file: found, title: 'CV', stem: 'cv', tag: 'job-application-cv',
      }));
      let id;
      try {
        id = await new ItemsService('job_applications', { schema: req.schema, accountability })
          .createOne({ job, ...checked.values, cv });
      } catch (error) {
        await files.deleteOne(cv).catch((cleanupError: unknown) => {
          logger.error(cleanupError, `job-applications: could not remove the CV ${cv} of an application that was not saved`);
        });
        throw error;
      }
      return res.status(201).json({ data: { id } });
    }));
  },
});
