'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { DOCUMENT_TYPES, MAX_DOCUMENT_BYTES } from '@rentacar/domain/precheckin';
import { CONTROL_CLASS, FieldError } from '@/shared/forms';

export type UploadedDocument = { reference: string; name: string };

type UploadAnswer = { reference?: unknown; errors?: { message?: unknown }[] };

/**
 * One scan or photo (licence or ID): sent as soon as it is chosen to the storefront, which stores it privately in the
 * content service and answers a reference for the form. Its type is judged on the server from the file's bytes; the
 * size is also checked here first, so a file too large is refused before it travels.
 */
export function DocumentUpload({
  kind,
  locale,
  label,
  value,
  error,
  onUploaded,
}: {
  kind: 'license' | 'id';
  locale: string;
  label: string;
  value: UploadedDocument | undefined;
  error: string | undefined;
  onUploaded: (document: UploadedDocument | undefined) => void;
}) {
  const t = useTranslations('precheckin.verify');
  const errors = useTranslations('precheckin.errors');
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const shown = problem ?? error;
  const statusId = `${id}-status`;
  const errorId = shown ? `${id}-error` : undefined;

  async function upload(file: File) {
    setProblem(undefined);
    if (file.size > MAX_DOCUMENT_BYTES) {
      setProblem(errors('fileTooLarge', { megabytes: MAX_DOCUMENT_BYTES / (1024 * 1024) }));
      onUploaded(undefined);
      return;
    }
    setBusy(true);
    try {
      const body = new FormData();
      body.set('kind', kind);
      body.set('file', file);
      const response = await fetch(`/api/precheckin/documents?locale=${encodeURIComponent(locale)}`, { method: 'POST', body });
      const answer = (await response.json().catch(() => ({}))) as UploadAnswer;
      if (response.status === 201 && typeof answer.reference === 'string') {
        onUploaded({ reference: answer.reference, name: file.name });
      } else {
        const message = answer.errors?.[0]?.message;
        setProblem(typeof message === 'string' ? message : errors('uploadFailed'));
        onUploaded(undefined);
      }
    } catch {
      setProblem(errors('uploadFailed'));
      onUploaded(undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={DOCUMENT_TYPES.join(',')}
        aria-invalid={Boolean(shown)}
        aria-describedby={[statusId, errorId].filter(Boolean).join(' ')}
        data-testid={`upload-${kind}`}
        className={`${CONTROL_CLASS} file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:font-semibold`}
        disabled={busy}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) void upload(file);
        }}
      />
      <p id={statusId} aria-live="polite" className="mt-1 text-xs text-slate-600">
        {busy ? t('uploading') : value ? <span className="font-semibold text-emerald-800" data-testid={`uploaded-${kind}`}>{t('uploaded', { name: value.name })}</span> : t('documentHint')}
      </p>
      <FieldError id={errorId} message={shown} />
    </div>
  );
}
